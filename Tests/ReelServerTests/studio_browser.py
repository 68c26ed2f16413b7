#!/usr/bin/env python3
"""Drives the studio's page in headless Chromium (Debian's chromium and chromium-driver) through
Selenium, on loopback only, every wait bounded: the gallery shows the template's card with its
preview playing, a make produces a timeline strip, a click shows a frame (its pixels the renderer's), the video plays, a swap by drag and its undo (Ctrl+Z) round-trip,
a title changed in place, and an export ends with a download link (its render's id printed, so
the caller can fetch and probe the video).

    studio_browser.py URL TEMPLATE_ID FIRST_MEDIA SECOND_MEDIA SCREENSHOT_FOLDER

Author mode (a studio started on one template folder): the author view shows the template valid
with its contact sheet; a broken save (BROKEN_FILE renamed over template.json) shows its finding
with line:col within a second; the original saved back is valid again within a second, and the
contact sheet is drawn again.

    studio_browser.py author URL TEMPLATE_FOLDER BROKEN_FILE SCREENSHOT_FOLDER

Prints one line per step; exits 0 when every step passed, 1 with the reason otherwise.
"""
import json
import os
import shutil
import sys
import tempfile
import time
from urllib.parse import urlparse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

author = sys.argv[1] == "author"
if author:
    url, folder, broken, shots = sys.argv[2:6]
else:
    url, template, first, second, shots = sys.argv[1:6]
url_base = f"{urlparse(url).scheme}://{urlparse(url).netloc}"
if urlparse(url).hostname not in ("127.0.0.1", "localhost", "::1"):
    sys.exit("studio_browser.py: drives a studio on loopback only, not " + url)

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
profile = tempfile.mkdtemp(prefix="reel-studio-profile-")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800",
                 "--autoplay-policy=no-user-gesture-required", "--user-data-dir=" + profile,
                 "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(30)
driver.set_script_timeout(60)


def wait(what, test, seconds=60):
    """Polls `test` (a function) until it is truthy, at most `seconds`; fails naming `what`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"{what} (not within {seconds} s); message: {message()}")


def js(script, *args):
    return driver.execute_script(script, *args)


def message():
    return js("const m = document.getElementById('message'); return m.hidden ? '' : m.textContent.trim()")


def clips():
    return js("return [...document.querySelectorAll('#track-clips .clip')].map(c => c.title.split(' ')[1])")


def step(text):
    print("studio:", text, flush=True)


def shot(name):
    driver.save_screenshot(f"{shots}/{name}.png")


def rgb_of_png(data):
    """The PNG's pixels as packed RGB bytes, decoded by ffmpeg (an independent decoder)."""
    import subprocess
    r = subprocess.run(["ffmpeg", "-v", "error", "-i", "pipe:0", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
                       input=data, capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout


def same_pixels_as_the_poster():
    """The frame the page shows after a scrub is the frame the renderer draws: its pixels against
    the server's own drawing from the originals (the pixels of `reel poster --at <n>f`, which
    ServeFrameTests holds byte for byte), within the noise of a preview proxy."""
    import base64
    import math
    import urllib.request
    shown = js("const i = document.getElementById('frame'); if (!i || i.hidden || !i.naturalWidth) return null;"
               "const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;"
               "c.getContext('2d').drawImage(i, 0, 0); return [i.dataset.frame, c.toDataURL('image/png')];")
    assert shown, "the scrub shows no frame picture (the frames route is not used)"
    n, url = shown
    picture = base64.b64decode(url.split(",", 1)[1])
    token = js("return sessionStorage.getItem('reel-studio-token')")
    timeline = js("return document.body.dataset.timeline")
    height = js("return document.getElementById('frame').naturalHeight")

    def exact(frame):
        request = urllib.request.Request(f"{url_base}/v1/timelines/{timeline}/frames/{frame}?height={height}&source=original",
                                         headers={"Authorization": "Bearer " + token})
        with urllib.request.urlopen(request, timeout=60) as response:
            return rgb_of_png(response.read())

    def psnr(a, b):
        assert len(a) == len(b) and len(a) > 0, f"pictures of {len(a)} and {len(b)} bytes of RGB"
        mse = sum((x - y) ** 2 for x, y in zip(a, b)) / len(a)
        return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)

    a = rgb_of_png(picture)
    near = psnr(a, exact(n))
    assert near >= 30, f"frame {n} as shown is {near:.1f} dB from the renderer's (at least 30 expected)"
    # The last frame shows the other clip: the comparison tells frames apart.
    last = int(js("const m = document.getElementById('clock').value.match(/of (\\d+)/); return m ? m[1] : 0")) - 1
    assert last > 0, "the clock does not say the timeline's frames"
    if last > int(n):
        far = psnr(a, exact(last))
        assert far < 20, f"frame {n} as shown is as close to frame {last} ({far:.1f} dB): the check cannot tell frames apart"
    psnr_text = f"{near:.1f} dB PSNR"
    step(f"the scrubbed frame {n} is the renderer's ({psnr_text})")


def save_by_rename(source, target):
    """Saves as editors do: a temporary file beside the target, renamed over it."""
    temporary = os.path.join(os.path.dirname(target), ".template.json.swp")
    shutil.copyfile(source, temporary)
    os.replace(temporary, target)


def within(what, test, seconds):
    """Polls `test` every 10 ms; the seconds it took, or fails naming `what`."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if test():
            return time.monotonic() - start
        time.sleep(0.01)
    raise AssertionError(f"{what} (not within {seconds} s); message: {message()}")


def author_mode():
    """The author view follows saves of the template folder."""
    driver.get(url)
    wait("the author view", lambda: js("return document.body.dataset.view") == "author" and js("return document.body.dataset.authorValid") == "true")
    revision = js("return document.body.dataset.authorRevision")
    wait("the contact sheet", lambda: js("return document.body.dataset.authorPicture") == revision
         and js("return document.getElementById('author-picture').naturalWidth") > 0, 120)
    step(f"the author view shows the template valid with its contact sheet (save {revision})")
    shot("author")

    template = os.path.join(folder, "template.json")
    original = os.path.join(os.path.dirname(broken), "original-template.json")
    shutil.copyfile(template, original)
    save_by_rename(broken, template)
    seconds = within("the finding of the broken save", lambda: js(
        "return document.body.dataset.authorValid === 'false' && "
        "[...document.querySelectorAll('#author-diagnostics .diagnostic.error .where')].some(w => /^\\d+:\\d+$/.test(w.textContent))"), 1.0)
    finding = js("return document.querySelector('#author-diagnostics .diagnostic.error').textContent")
    step(f"a broken save shows its finding {seconds:.3f} s later: {finding}")
    shot("author-broken")

    save_by_rename(original, template)
    seconds = within("valid again", lambda: js("return document.body.dataset.authorValid") == "true", 1.0)
    revision = js("return document.body.dataset.authorRevision")
    assert js("return document.querySelectorAll('#author-diagnostics .diagnostic.error').length") == 0, "errors are still listed"
    drawn = within("the contact sheet drawn again", lambda: js("return document.body.dataset.authorPicture") == revision, 120)
    step(f"the original saved back is valid {seconds:.3f} s later, its contact sheet drawn again {seconds + drawn:.3f} s after the save (save {revision})")


try:
    if author:
        author_mode()
        problems = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not problems, "browser errors: " + json.dumps(problems)
        step("no browser errors")
        sys.exit(0)
    # Gallery: the token leaves the address bar, the card shows, its preview plays (a loaded GIF).
    driver.get(url)
    wait("the gallery is ready", lambda: js("return document.body.dataset.gallery") == "ready")
    # A studio on one template folder opens on its author view: the gallery is a click away.
    driver.find_element(By.CSS_SELECTOR, "nav button[data-view=gallery]").click()
    assert "token" not in driver.current_url, f"the token is still in the address: {driver.current_url}"
    assert js("return sessionStorage.getItem('reel-studio-token')"), "the token is not kept in sessionStorage"
    card = f".card[data-template-id='{template}']"
    wait("the card's preview plays", lambda: js(f"const c = document.querySelector(\"{card}\"); "
                                                "return c && c.dataset.preview === 'playing' && c.querySelector('img').naturalWidth > 0"))
    facts = js(f"return document.querySelector(\"{card}\").textContent")
    assert "160×284" in facts and "title" in facts, f"the card says {facts!r}"
    step("gallery shows the card with its preview playing")
    shot("gallery")

    # Make: the card's button, two media in order, a title, one tap.
    driver.find_element(By.CSS_SELECTOR, f"{card} button").click()
    wait("the Make view", lambda: js("return document.body.dataset.view") == "make")
    wait("the media list", lambda: js(f"return !!document.querySelector('#media-roots input[value=\"{first}\"]')"))
    for name in (first, second):
        driver.find_element(By.CSS_SELECTOR, f"#media-roots input[value='{name}']").click()
    wait("the texts of the template", lambda: js("return !!document.querySelector('#make-texts input[data-text=title]')"))
    driver.find_element(By.CSS_SELECTOR, "#make-texts input[data-text=title]").send_keys("Lisbon")
    driver.find_element(By.ID, "make-button").click()
    wait("the timeline strip", lambda: len(clips()) == 2, 120)
    made = clips()
    assert made == [first, second], f"the strip shows {made}"
    lefts = js("return [...document.querySelectorAll('#track-clips .clip')].map(c => c.offsetLeft)")
    assert lefts[0] < lefts[1], f"the clips are laid out in time: {lefts}"
    assert js("return document.querySelectorAll('#summary li').length") == 2, "the summary shows two slots"
    texts = js("return [...document.querySelectorAll('.textitem')].map(t => t.textContent)")
    assert texts == ["Lisbon"], f"the texts on the strip: {texts}"
    step(f"make produced the strip {made}")

    # Scrub: a click on the strip moves the playhead and shows that frame (a still, or the draft video).
    strip = driver.find_element(By.ID, "strip")
    ActionChains(driver).move_to_element_with_offset(strip, int(strip.size["width"] * 0.25) - strip.size["width"] // 2, 0).click().perform()
    wait("the playhead moves", lambda: js("return Number(document.body.dataset.playhead)") > 0)
    wait("the frame is shown", lambda: js("return document.body.dataset.shown") ==
         js("return document.getElementById('view-edit').dataset.version + ':' + document.body.dataset.playhead"), 120)
    step(f"a click shows frame {js('return document.body.dataset.playhead')}")
    shot("edit")
    same_pixels_as_the_poster()

    # Play: the <video> plays with its time advancing, then pauses on the frame it reached.
    driver.find_element(By.ID, "play").click()
    wait("the video plays", lambda: js("const v = document.getElementById('video'); return !v.paused && v.currentTime > 0.3"), 120)
    driver.find_element(By.ID, "play").click()
    wait("the video pauses", lambda: js("return document.getElementById('video').paused"))
    step(f"the video played to frame {js('return document.body.dataset.playhead')}")

    # Swap by drag: the first clip dropped on the middle of the second.
    boxes = driver.find_elements(By.CSS_SELECTOR, "#track-clips .clip")
    ActionChains(driver).click_and_hold(boxes[0]).move_by_offset(10, 0).move_to_element(boxes[1]).release().perform()
    wait("the swap", lambda: clips() == [second, first], 60)
    wait("undo is possible", lambda: js("return document.body.dataset.canUndo") == "true")
    step("a drag swapped the clips")
    # Undo with Ctrl+Z: the page and reel edit share one journal.
    driver.find_element(By.TAG_NAME, "body").click()
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait("the undo", lambda: clips() == [first, second], 60)
    ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
    wait("the redo", lambda: clips() == [second, first], 60)
    driver.find_element(By.ID, "undo").click()
    wait("the undo by its button", lambda: clips() == [first, second], 60)
    step("Ctrl+Z, Ctrl+Shift+Z and Undo round-trip")

    # A title changed in place: double-click, type, Enter.
    item = driver.find_element(By.CSS_SELECTOR, ".textitem")
    ActionChains(driver).double_click(item).perform()
    field = wait("the text field", lambda: driver.find_elements(By.CSS_SELECTOR, ".textitem input"))[0]
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys("Porto", Keys.ENTER)
    wait("the new title", lambda: js("return [...document.querySelectorAll('.textitem')].map(t => t.textContent).join()") == "Porto", 60)
    step("the title changed in place")

    # Export: progress, then a download link to the video as a blob.
    driver.find_element(By.CSS_SELECTOR, "nav button[data-view=export]").click()
    driver.find_element(By.ID, "export-quality").send_keys("draft")
    driver.find_element(By.ID, "export-button").click()
    wait("the export", lambda: js("return document.body.dataset.export") in ("done", "failed", "cancelled"), 180)
    assert js("return document.body.dataset.export") == "done", f"the export ended {js('return document.body.dataset.export')}: {message()}"
    link = driver.find_element(By.ID, "download")
    assert link.is_displayed() and link.get_attribute("href").startswith("blob:"), "a download link to the video"
    assert js("return document.getElementById('export-progress').value") == 100
    size = int(link.get_attribute("data-bytes"))
    assert size > 1000, f"the download holds {size} bytes"
    render = link.get_attribute("data-render")
    step(f"the export ended with a download link ({size} bytes)")
    print("studio: render", render, flush=True)
    shot("export")

    # Nothing refused by the page's own rules (CSP) and no script error; 404s of preview routes this server lacks are expected.
    problems = [e["message"] for e in driver.get_log("browser")
                if e["level"] == "SEVERE" and "/frames/" not in e["message"] and "preview.mp4" not in e["message"]]
    assert not problems, "browser errors: " + json.dumps(problems)
    step("no browser errors")
except Exception as e:  # noqa: BLE001 - every failure is reported as one line
    try:
        shot("failure")
    except Exception:  # noqa: BLE001
        pass
    print("studio: FAILED:", repr(e), flush=True)
    sys.exit(1)
finally:
    driver.quit()
