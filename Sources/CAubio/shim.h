#ifndef REEL_CAUBIO_SHIM_H
#define REEL_CAUBIO_SHIM_H
#include <aubio/aubio.h>
#endif
