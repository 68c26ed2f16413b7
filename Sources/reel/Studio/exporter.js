// Export: the timeline as it is now rendered as a job (POST /v1/timelines/{id}/renders), its
// progress from GET /v1/renders/{id} (frames, fps, time left), cancel (DELETE), then a download
// link. The video is fetched with the token header and offered as a blob URL: the token never
// appears in a URL (where logs, history and other pages could read it), at the cost of holding
// the finished video in the page's memory while it is offered.

import { $ } from './dom.js';
import { clock } from './time.js';

/** Bytes for people: "840 KB", "12.4 MB". */
const size = (bytes) => (bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} KB` : `${Math.round(bytes / 1e5) / 10} MB`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Exporter {
  constructor({ api, report, timelineId }) {
    this.api = api;
    this.report = report;
    this.timelineId = timelineId;
    this.job = null;
    this.url = null;
    $('export-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.start();
    });
    $('export-cancel').addEventListener('click', () => this.cancel());
  }

  status(text) { $('export-status').textContent = text; }

  async start() {
    const id = this.timelineId();
    if (!id || this.job) return;
    const options = { quality: $('export-quality').value };
    if ($('export-size').value) options.size = $('export-size').value;
    const link = $('download');
    link.hidden = true;
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
    $('export-button').disabled = true;
    $('export-cancel').hidden = false;
    $('export-progress-box').hidden = false;
    $('export-progress').value = 0;
    document.body.dataset.export = 'running';
    try {
      let job = await this.api.post(`/v1/timelines/${id}/renders`, { options });
      this.job = job.id;
      this.status('Waiting for the renderer…');
      while (['queued', 'running'].includes(job.status)) {
        await sleep(400);
        if (!this.job) return;
        job = await this.api.get(`/v1/renders/${this.job}`);
        this.showProgress(job);
      }
      if (job.status !== 'done') {
        document.body.dataset.export = job.status;
        this.status(job.status === 'cancelled' ? 'Cancelled.' : `The export failed: ${job.error?.message ?? job.status}`);
        return;
      }
      $('export-progress').value = 100;
      this.status('Done: fetching the video…');
      const blob = await this.api.blob(`/v1/renders/${job.id}/output`, {
        onProgress: (got, total) => this.status(`Done: fetching the video (${size(got)}${total ? ' of ' + size(total) : ''})…`),
      });
      this.url = URL.createObjectURL(blob);
      link.href = this.url;
      link.download = `reel-${id}.mp4`;
      link.textContent = `Download the video (${size(blob.size)})`;
      link.dataset.bytes = String(blob.size);
      link.dataset.render = job.id;
      link.hidden = false;
      this.status(`Done in ${job.result?.seconds ? Math.round(job.result.seconds) + ' s' : 'a moment'}.`);
      document.body.dataset.export = 'done';
    } catch (e) {
      document.body.dataset.export = 'failed';
      this.status('');
      this.report(e);
    } finally {
      this.job = null;
      $('export-button').disabled = false;
      $('export-cancel').hidden = true;
    }
  }

  showProgress(job) {
    const p = job.progress ?? {};
    if (p.percent !== undefined) $('export-progress').value = p.percent;
    const parts = [job.status === 'queued' ? 'Waiting for the renderer' : (p.stage ?? 'Rendering')];
    if (p.frames !== undefined && p.totalFrames) parts.push(`frame ${p.frames} of ${p.totalFrames}`);
    if (p.fps) parts.push(`${Math.round(p.fps * 10) / 10} frames a second`);
    if (p.etaSeconds !== undefined) parts.push(`about ${clock(p.etaSeconds)} left`);
    if (p.percent !== undefined) parts.push(`${Math.round(p.percent)} %`);
    this.status(parts.join(' · '));
  }

  async cancel() {
    const job = this.job;
    if (!job) return;
    this.job = null;
    try {
      await this.api.delete(`/v1/renders/${job}`);
      this.status('Cancelled.');
      document.body.dataset.export = 'cancelled';
    } catch (e) {
      this.report(e);
    }
  }
}
