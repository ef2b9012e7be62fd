# Shared by the backend.cmake of the comparison backends (oqs, mlkem-native-*,
# pqcrystals-*): where an anchor is, and the commit it is pinned at.
include_guard(GLOBAL)

# <out>: ${CB_ANCHORS_DIR}/<anchor> when `make anchors` unpacked it there, else "".
function(cb_anchor_dir anchor out)
  set(d "${CB_ANCHORS_DIR}/${anchor}")
  if(EXISTS "${d}/.cb-sha256")
    set(${out} "${d}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

# <out>: the first 12 digits of the anchor's commit in scripts/anchors.list.
function(cb_anchor_commit anchor out)
  file(STRINGS ${PROJECT_SOURCE_DIR}/scripts/anchors.list row REGEX "^${anchor}[ \t]")
  string(REGEX MATCH "[0-9a-f]+[ \t]*$" c "${row}")
  string(STRIP "${c}" c)
  string(SUBSTRING "${c}" 0 12 c)
  set(${out} "${c}" PARENT_SCOPE)
endfunction()

# Third-party code keeps its own style: our warning flags are not for it.
set(CB_ANCHOR_CFLAGS -w)
