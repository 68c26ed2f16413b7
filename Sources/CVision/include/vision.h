#ifndef REEL_CVISION_H
#define REEL_CVISION_H
/* Reel's window on OpenCV: face detection (cascade classifiers), saliency (fine-grained, centre-surround) and
   picture histograms for shot changes, over plain 8-bit buffers. No C++ type crosses this header;
   every function catches OpenCV's exceptions and reports failure by its return value. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A box in pixels of the analysed picture, with a score from 0 to 1. */
typedef struct {
    float x, y, width, height, score;
} ReelVisionBox;

/* A loaded face detector: a frontal cascade and, optionally, a profile cascade. */
typedef struct ReelFaceDetector ReelFaceDetector;

/* Loads the cascades at `frontal_path` and `profile_path` (NULL or "" for none). Returns NULL
   when a file cannot be loaded as a cascade, with a one-line reason in `error` (of `error_size`
   bytes, always terminated). */
ReelFaceDetector *reel_face_detector_create(const char *frontal_path, const char *profile_path, char *error,
                                            size_t error_size);
void reel_face_detector_destroy(ReelFaceDetector *detector);

/* Faces in the gray picture `gray` (`width` x `height`, rows `stride` bytes apart): frontal
   faces, profiles facing either way, duplicates of one face merged. Writes at most `capacity`
   boxes, largest first, and returns how many were found (more than written when `capacity` is
   short), or -1 when OpenCV failed. `min_side` is the smallest face side in pixels looked for. */
int reel_detect_faces(ReelFaceDetector *detector, const uint8_t *gray, int width, int height, int stride, int min_side,
                      ReelVisionBox *boxes, int capacity);

/* The most salient region of the gray picture: OpenCV's fine-grained saliency map (centre-surround
   differences over an intensity pyramid; the spectral-residual map, computed at 64 x 64, misses
   the middle of plain objects),
   thresholded (Otsu on the map), and the bounding box of the connected region holding most of
   the saliency. `score` is that region's share of the whole map's saliency. Returns 1 and
   writes `box` when a region stands out, 0 when the picture is flat, -1 when OpenCV failed. */
int reel_salient_region(const uint8_t *gray, int width, int height, int stride, ReelVisionBox *box);

/* Bins of a picture signature (reel_picture_histogram). */
#define REEL_HISTOGRAM_BINS 96

/* The normalized histogram of a 4:2:0 picture: 32 bins of luma, 32 of Cb, 32 of Cr (each part
   summing to 1), written to `histogram` (REEL_HISTOGRAM_BINS floats). Returns 0, or -1 when
   OpenCV failed. */
int reel_picture_histogram(const uint8_t *luma, int luma_stride, const uint8_t *cb, const uint8_t *cr, int chroma_stride,
                           int width, int height, float *histogram);

/* The Bhattacharyya distance between two such histograms, per part, averaged: 0 for the same
   distribution of tones and colours, 1 for disjoint ones; -1 when OpenCV failed. */
double reel_histogram_distance(const float *a, const float *b);

/* Draws the outline of a rectangle (`x`, `y`, `box_width` x `box_height`, lines `thickness`
   pixels wide) in `value` on one 8-bit plane, clipped to it (OpenCV's rectangle). Returns 0, or -1
   when OpenCV failed. */
int reel_draw_box(uint8_t *plane, int width, int height, int stride, int x, int y, int box_width, int box_height,
                  int value, int thickness);

#ifdef __cplusplus
}
#endif
#endif
