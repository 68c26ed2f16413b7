// Reel Studio: the page `reel studio` serves. The token comes in the address it prints
// (`/?token=...`); it is moved at once into this tab's sessionStorage and out of the address bar,
// and every API call sends it as `Authorization: Bearer`.

import { API, APIError } from './api.js';
import { Author } from './author.js';
import { $ } from './dom.js';
import { Editor } from './editor.js';
import { Exporter } from './exporter.js';
import { showGallery } from './gallery.js';
import { Maker } from './make.js';
import { Preview } from './preview.js';

function takeToken() {
  const params = new URLSearchParams(location.search);
  const given = params.get('token');
  if (given) {
    sessionStorage.setItem('reel-studio-token', given);
    params.delete('token');
    const rest = params.toString();
    history.replaceState(null, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
    return given;
  }
  return sessionStorage.getItem('reel-studio-token');
}

/** Shows an error (or, with `quiet`, a note) in plain words above the views. */
function report(error, quiet = false) {
  if (error && error.name === 'AbortError') return;
  const box = $('message');
  $('message-text').textContent = error instanceof APIError ? error.plain : `Something went wrong in the page: ${error?.message ?? error}. Reload it; nothing made so far is lost.`;
  box.classList.toggle('note', quiet);
  box.hidden = false;
  if (!quiet) console.error(error);
}

function note(text) {
  report(new APIError(200, 'note', text), true);
}

let busyCount = 0;
function busy(on, text) {
  busyCount = Math.max(0, busyCount + (on ? 1 : -1));
  $('busy').hidden = busyCount === 0;
  if (text) $('busy').textContent = text;
  else if (busyCount === 0) $('busy').textContent = 'working…';
  document.body.dataset.busy = String(busyCount > 0);
}

function show(view) {
  for (const button of document.querySelectorAll('nav button')) {
    if (button.dataset.view === view) button.setAttribute('aria-current', 'page');
    else button.removeAttribute('aria-current');
  }
  for (const name of ['author', 'gallery', 'make', 'edit', 'export']) $(`view-${name}`).hidden = name !== view;
  document.body.dataset.view = view;
  if (view === 'edit') editor.render();
}

const token = takeToken();
const api = new API(token ?? '');
const preview = new Preview(api, $('video'), (text) => editor?.screenNote(text));
const editor = new Editor({ api, preview, report, note, busy });
const exporter = new Exporter({ api, report, timelineId: () => editor.id });
const maker = new Maker({
  api, preview, report, busy,
  made: (answer) => {
    editor.load(answer);
    $('view-edit').dataset.made = 'true';
    for (const b of document.querySelectorAll('nav button[disabled]')) b.disabled = false;
    show('edit');
  },
});
void exporter;

$('message-close').addEventListener('click', () => { $('message').hidden = true; });
for (const button of document.querySelectorAll('nav button')) button.addEventListener('click', () => show(button.dataset.view));

async function start() {
  if (!token) {
    report(new APIError(401, 'no_token', 'This page needs the key reel studio prints: open the whole address it printed (http://127.0.0.1:…/?token=…).'));
    document.body.dataset.state = 'no-token';
    return;
  }
  try {
    // Author mode: the studio was started on one template folder, which it watches.
    const health = await api.get('/v1/health');
    if (health.authoring) {
      const button = document.querySelector('nav button[data-view=author]');
      button.hidden = false;
      show('author');
      void new Author({ api, report }).follow(health.authoring);
    }
    const { templates } = await api.get('/v1/templates');
    maker.setTemplates(templates);
    const songs = maker.loadMediaRoots().then((list) => editor.setSongs(list));
    document.body.dataset.state = 'ready';
    const choose = (t) => {
      maker.choose(t.id);
      show('make');
    };
    if (maker.templates.length) maker.choose(maker.templates[0].id);
    await showGallery(api, $('cards'), templates, choose, report);
    await songs;
    document.body.dataset.gallery = 'ready';
  } catch (e) {
    document.body.dataset.state = 'failed';
    report(e);
  }
}

show('gallery');
start();
