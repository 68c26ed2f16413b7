#ifndef REEL_CMHD_SHIM_H
#define REEL_CMHD_SHIM_H
// microhttpd.h needs these and does not include them itself.
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <stdint.h>
#include <microhttpd.h>
#endif
