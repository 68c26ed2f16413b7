// FreeType, HarfBuzz and fontconfig: text shaping, glyph rasterizing and font lookup.
#ifndef REEL_CTEXT_SHIM_H
#define REEL_CTEXT_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_STROKER_H
#include FT_GLYPH_H
#include <hb.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>
#endif
