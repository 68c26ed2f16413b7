#ifndef REEL_CPNG_SHIM_H
#define REEL_CPNG_SHIM_H
#include <png.h>
static const png_uint_32 reel_png_format_rgba = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA;
static const png_uint_32 reel_png_format_rgb = PNG_FORMAT_FLAG_COLOR;
#endif
