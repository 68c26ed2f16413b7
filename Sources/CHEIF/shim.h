// libheif: HEIF and AVIF still images (iPhone photos are HEIC), which FFmpeg 5.1 cannot read.
#include <libheif/heif.h>
