#ifndef REEL_CSQLITE_SHIM_H
#define REEL_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
