#ifndef REEL_CJSONC_SHIM_H
#define REEL_CJSONC_SHIM_H
#include <json-c/json.h>
#endif
