#ifndef REEL_CCRYPTO_SHIM_H
#define REEL_CCRYPTO_SHIM_H
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
