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
