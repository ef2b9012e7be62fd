# The two tools of the backends that link their adapters and their
# library's archives into one object with one global symbol (boringssl,
# gmssl): ld -r, then objcopy to keep that one symbol global.  Sets
# CB_OBJCOPY and CB_LD; stops the configuration when either is missing.
macro(cb_need_binutils backend)
  find_program(CB_OBJCOPY NAMES objcopy ${CMAKE_OBJCOPY})
  find_program(CB_LD NAMES ld ${CMAKE_LINKER})
  if(NOT CB_OBJCOPY OR NOT CB_LD)
    message(FATAL_ERROR "cryptobench: building the ${backend} backend needs ld and objcopy (binutils)")
  endif()
endmacro()

# The backend's adapters (object library <adapters>) linked with the
# members of its library's archives (ARCHIVES, in link order) that they
# need into one object, <dir>/cb_<backend>.o, whose only global symbol is
# cb_backend_<backend>; the backend's one source (cb_backend_sources).
# The archives are copied first with their calls of the stdio output
# functions renamed to the silent <quiet>_* ones (quiet_stdio.h),
# so that the library never prints, and with the further objcopy options
# after EXTRA.
macro(cb_link_one_object backend adapters dir quiet)
  cmake_parse_arguments(cb_one "" "" "ARCHIVES;EXTRA" ${ARGN})
  set(cb_one_opts ${cb_one_EXTRA})
  foreach(f fprintf vfprintf printf putchar puts fputc fputs fwrite perror)
    list(APPEND cb_one_opts --redefine-sym ${f}=${quiet}_${f})
  endforeach()
  set(cb_one_cmds)
  set(cb_one_copies)
  foreach(a ${cb_one_ARCHIVES})
    get_filename_component(cb_one_name ${a} NAME_WE)
    list(APPEND cb_one_copies ${dir}/${cb_one_name}_quiet.a)
    list(APPEND cb_one_cmds COMMAND ${CB_OBJCOPY} ${cb_one_opts} ${a} ${dir}/${cb_one_name}_quiet.a)
  endforeach()
  add_custom_command(OUTPUT ${dir}/cb_${backend}.o
    ${cb_one_cmds}
    COMMAND ${CB_LD} -r -o ${dir}/cb_${backend}_linked.o "$<TARGET_OBJECTS:${adapters}>" ${cb_one_copies}
    COMMAND ${CB_OBJCOPY} --keep-global-symbol=cb_backend_${backend} ${dir}/cb_${backend}_linked.o
            ${dir}/cb_${backend}.o
    DEPENDS ${adapters} "$<TARGET_OBJECTS:${adapters}>" ${cb_one_ARCHIVES}
    COMMAND_EXPAND_LISTS
    COMMENT "Linking the ${backend} backend into one object with one global symbol"
    VERBATIM)
  set_source_files_properties(${dir}/cb_${backend}.o PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  cb_backend_sources(${dir}/cb_${backend}.o)
endmacro()

# <out>: the command that builds <targets> of an ExternalProject, through
# make's job server when the project's generator is make.
macro(cb_external_build out)
  if(CMAKE_GENERATOR MATCHES "Makefiles")
    set(${out} $(MAKE) ${ARGN})
  else()
    set(${out} ${CMAKE_COMMAND} --build <BINARY_DIR> --target ${ARGN})
  endif()
endmacro()
