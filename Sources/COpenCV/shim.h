#ifndef REEL_COPENCV_SHIM_H
#define REEL_COPENCV_SHIM_H
/* OpenCV's C++ headers are included by CVision's sources only; this module exists for the
   compiler and linker flags of the opencv4 package, and the four libraries Reel links. */
#include <opencv2/core/version.hpp>
#endif
