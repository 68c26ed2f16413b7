// OpenCV behind Reel's C interface (include/vision.h). Every entry point catches OpenCV's
// exceptions: a C++ exception must not unwind into Swift.
#include "vision.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>
#include <opencv2/saliency.hpp>

struct ReelFaceDetector {
    cv::CascadeClassifier frontal;
    cv::CascadeClassifier profile;
    bool hasProfile = false;
};

namespace {

void setError(char *error, size_t size, const char *format, const char *detail) {
    if (error == nullptr || size == 0) return;
    std::snprintf(error, size, format, detail);
}

// A face's score from the number of neighbouring detections the cascade merged into it:
// 3 neighbours (the fewest accepted) give 0.5, and more approach 1.
float neighbourScore(int neighbours) { return float(neighbours) / float(neighbours + 3); }

// The fewest neighbouring detections that make a face. The profile cascade fires on more
// textures that are not faces (collars, hair, ears), so it must be surer.
const int minNeighbours = 3;
const int minProfileNeighbours = 6;
// The frontal cascade looks at sizes 10 % apart; the profile cascade, some three times slower a
// pass and run twice (the picture and its mirror), at sizes 20 % apart, which halves its cost.
const double scaleStep = 1.1;
const double profileScaleStep = 1.2;

void detect(cv::CascadeClassifier &cascade, const cv::Mat &image, int minSide, bool mirrored, double step, int minNeighbours,
            std::vector<cv::Rect> &rects, std::vector<int> &neighbours) {
    std::vector<cv::Rect> found;
    std::vector<int> counts;
    cascade.detectMultiScale(image, found, counts, step, minNeighbours, 0, cv::Size(minSide, minSide));
    for (size_t i = 0; i < found.size(); i++) {
        cv::Rect r = found[i];
        if (mirrored) r.x = image.cols - r.x - r.width;
        rects.push_back(r);
        neighbours.push_back(i < counts.size() ? counts[i] : minNeighbours);
    }
}

}  // namespace

extern "C" ReelFaceDetector *reel_face_detector_create(const char *frontal_path, const char *profile_path, char *error,
                                                       size_t error_size) {
    try {
        auto *detector = new ReelFaceDetector();
        if (frontal_path == nullptr || !detector->frontal.load(frontal_path)) {
            setError(error, error_size, "cannot load the face cascade %s", frontal_path ? frontal_path : "(none)");
            delete detector;
            return nullptr;
        }
        if (profile_path != nullptr && profile_path[0] != 0) {
            if (!detector->profile.load(profile_path)) {
                setError(error, error_size, "cannot load the face cascade %s", profile_path);
                delete detector;
                return nullptr;
            }
            detector->hasProfile = true;
        }
        return detector;
    } catch (const cv::Exception &e) {
        setError(error, error_size, "OpenCV: %s", e.what());
        return nullptr;
    } catch (...) {
        setError(error, error_size, "%s", "OpenCV failed loading the face cascades");
        return nullptr;
    }
}

extern "C" void reel_face_detector_destroy(ReelFaceDetector *detector) { delete detector; }

extern "C" int reel_detect_faces(ReelFaceDetector *detector, const uint8_t *gray, int width, int height, int stride,
                                 int min_side, ReelVisionBox *boxes, int capacity) {
    if (detector == nullptr || gray == nullptr || width <= 0 || height <= 0 || stride < width) return -1;
    try {
        // The picture as it is: equalizing its histogram (as OpenCV's sample does) lets a large
        // flat background flatten the faces' contrast, and they are missed.
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(gray), size_t(stride));
        int minSide = std::max(8, min_side);
        std::vector<cv::Rect> rects;
        std::vector<int> neighbours;
        detect(detector->frontal, image, minSide, false, scaleStep, minNeighbours, rects, neighbours);
        if (detector->hasProfile) {
            // The profile cascade finds faces turned one way; the mirrored picture gives the other.
            detect(detector->profile, image, minSide, false, profileScaleStep, minProfileNeighbours, rects, neighbours);
            cv::Mat flipped;
            cv::flip(image, flipped, 1);
            detect(detector->profile, flipped, minSide, true, profileScaleStep, minProfileNeighbours, rects, neighbours);
        }
        // Merge the boxes several detectors (or both profiles) found for one face: listed twice,
        // every box is in a cluster of at least two, so groupRectangles keeps single finds too
        // and averages overlapping ones.
        std::vector<cv::Rect> grouped(rects);
        grouped.insert(grouped.end(), rects.begin(), rects.end());
        cv::groupRectangles(grouped, 1, 0.4);
        std::sort(grouped.begin(), grouped.end(), [](const cv::Rect &a, const cv::Rect &b) { return a.area() > b.area(); });
        int count = int(grouped.size());
        for (int i = 0; i < count && i < capacity; i++) {
            const cv::Rect &g = grouped[i];
            int best = 0;
            for (size_t k = 0; k < rects.size(); k++) {
                if ((rects[k] & g).area() * 2 > std::min(rects[k].area(), g.area())) best = std::max(best, neighbours[k]);
            }
            boxes[i] = ReelVisionBox{float(g.x), float(g.y), float(g.width), float(g.height),
                                     neighbourScore(std::max(best, minNeighbours))};
        }
        return count;
    } catch (...) {
        return -1;
    }
}

extern "C" int reel_salient_region(const uint8_t *gray, int width, int height, int stride, ReelVisionBox *box) {
    if (gray == nullptr || box == nullptr || width <= 0 || height <= 0 || stride < width) return -1;
    try {
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(gray), size_t(stride));
        cv::Scalar mean, deviation;
        cv::meanStdDev(image, mean, deviation);
        // A flat picture has no spectrum to speak of (the map would be noise or NaN).
        if (deviation[0] < 2.0) return 0;
        auto saliency = cv::saliency::StaticSaliencyFineGrained::create();
        cv::Mat map;
        if (!saliency->computeSaliency(image, map) || map.empty()) return -1;
        map.convertTo(map, CV_32F);
        cv::patchNaNs(map, 0);
        cv::Mat map8;
        cv::normalize(map, map8, 0, 255, cv::NORM_MINMAX, CV_8U);
        cv::Mat binary;
        cv::threshold(map8, binary, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        cv::Mat labels, stats, centroids;
        int n = cv::connectedComponentsWithStats(binary, labels, stats, centroids, 8, CV_32S);
        double total = cv::sum(map)[0];
        if (n < 2 || !(total > 0)) return 0;
        int bestLabel = -1;
        double bestMass = 0;
        for (int label = 1; label < n; label++) {
            cv::Mat mask = labels == label;
            double mass = cv::mean(map, mask)[0] * stats.at<int>(label, cv::CC_STAT_AREA);
            if (mass > bestMass) {
                bestMass = mass;
                bestLabel = label;
            }
        }
        if (bestLabel < 0) return 0;
        *box = ReelVisionBox{float(stats.at<int>(bestLabel, cv::CC_STAT_LEFT)), float(stats.at<int>(bestLabel, cv::CC_STAT_TOP)),
                             float(stats.at<int>(bestLabel, cv::CC_STAT_WIDTH)),
                             float(stats.at<int>(bestLabel, cv::CC_STAT_HEIGHT)), float(std::min(1.0, bestMass / total))};
        return 1;
    } catch (...) {
        return -1;
    }
}

extern "C" int reel_picture_histogram(const uint8_t *luma, int luma_stride, const uint8_t *cb, const uint8_t *cr,
                                      int chroma_stride, int width, int height, float *histogram) {
    if (luma == nullptr || cb == nullptr || cr == nullptr || histogram == nullptr || width <= 0 || height <= 0) return -1;
    try {
        const int bins = REEL_HISTOGRAM_BINS / 3;
        int cw = (width + 1) / 2, ch = (height + 1) / 2;
        cv::Mat planes[3] = {cv::Mat(height, width, CV_8UC1, const_cast<uint8_t *>(luma), size_t(luma_stride)),
                             cv::Mat(ch, cw, CV_8UC1, const_cast<uint8_t *>(cb), size_t(chroma_stride)),
                             cv::Mat(ch, cw, CV_8UC1, const_cast<uint8_t *>(cr), size_t(chroma_stride))};
        int histSize[] = {bins};
        float range[] = {0, 256};
        const float *ranges[] = {range};
        int channels[] = {0};
        for (int p = 0; p < 3; p++) {
            cv::Mat hist;
            cv::calcHist(&planes[p], 1, channels, cv::Mat(), hist, 1, histSize, ranges);
            cv::normalize(hist, hist, 1, 0, cv::NORM_L1);
            for (int i = 0; i < bins; i++) histogram[p * bins + i] = hist.at<float>(i);
        }
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" double reel_histogram_distance(const float *a, const float *b) {
    if (a == nullptr || b == nullptr) return -1;
    try {
        const int bins = REEL_HISTOGRAM_BINS / 3;
        double total = 0;
        for (int p = 0; p < 3; p++) {
            cv::Mat ha(bins, 1, CV_32F, const_cast<float *>(a + p * bins));
            cv::Mat hb(bins, 1, CV_32F, const_cast<float *>(b + p * bins));
            total += cv::compareHist(ha, hb, cv::HISTCMP_BHATTACHARYYA);
        }
        return total / 3;
    } catch (...) {
        return -1;
    }
}

extern "C" int reel_draw_box(uint8_t *plane, int width, int height, int stride, int x, int y, int box_width,
                             int box_height, int value, int thickness) {
    if (plane == nullptr || width <= 0 || height <= 0 || stride < width) return -1;
    try {
        cv::Mat image(height, width, CV_8UC1, plane, size_t(stride));
        cv::rectangle(image, cv::Rect(x, y, box_width, box_height), cv::Scalar(value), std::max(1, thickness));
        return 0;
    } catch (...) {
        return -1;
    }
}
