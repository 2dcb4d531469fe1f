// gcacw-ref serve: what the terminal needs on a touch screen, beside Textual's web client.
//
// - A swipe scrolls: the app asks for mouse reports, so xterm.js no longer scrolls on touch;
//   a finger's move is sent to the app as mouse-wheel reports (up, down, left, right) at the
//   cell where the finger came down, one per cell crossed.
// - The on-screen keyboard comes up only for a text field: xterm's hidden textarea says
//   inputmode="none" until the app reports (OSC 7766) that a text field has the focus.
// - On a narrow screen the rows are taller (a line height of 1.8), so a finger hits a row.
// - The terminal takes the focus once its socket is open: the app hears of it before the
//   first tap, which it would otherwise take as the focus coming back and not act on.
// - A socket that drops (not closed by the server) connects again to the same app, which the
//   server keeps for a while; the tab's resume id lives in sessionStorage.
(() => {
  "use strict";
  const PHONE_PX = 600;
  const TALL_ROWS = "1.8";
  const OSC_INPUT = 7766;
  const RETRIES = 8;

  function resumeId() {
    let id = null;
    try {
      id = window.sessionStorage.getItem("gcacw-resume");
    } catch (e) {
      id = null;
    }
    if (!id || !/^[0-9a-f]{32}$/.test(id)) {
      const bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      try {
        window.sessionStorage.setItem("gcacw-resume", id);
      } catch (e) {
        // private mode: the id lives as long as the page
      }
    }
    return id;
  }

  function prepare() {
    const element = document.getElementById("terminal");
    if (!element) return;
    if (window.innerWidth < PHONE_PX) element.dataset.lineHeight = TALL_ROWS;
    element.dataset.sessionWebsocketUrl += "?resume=" + resumeId();
    const again = document.getElementById("again");
    if (again) again.addEventListener("click", () => window.location.reload());
  }

  function wheel(terminal, button, col, row) {
    terminal.input("\x1b[<" + button + ";" + col + ";" + row + "M", true);
  }

  function swipes(terminal) {
    const screen = terminal.element.querySelector(".xterm-screen");
    let start = null;
    const cell = () => {
      const r = screen.getBoundingClientRect();
      return { r: r, w: r.width / terminal.cols, h: r.height / terminal.rows };
    };
    const onStart = (event) => {
      if (event.touches.length !== 1) {
        start = null;
        return;
      }
      const t = event.touches[0];
      const c = cell();
      start = {
        x: t.clientX,
        y: t.clientY,
        col: Math.max(1, Math.min(terminal.cols, Math.floor((t.clientX - c.r.left) / c.w) + 1)),
        row: Math.max(1, Math.min(terminal.rows, Math.floor((t.clientY - c.r.top) / c.h) + 1)),
        moved: false,
      };
    };
    const onMove = (event) => {
      if (!start || event.touches.length !== 1) return;
      if (terminal.modes.mouseTrackingMode === "none") return;
      const t = event.touches[0];
      const c = cell();
      let dx = t.clientX - start.x;
      let dy = t.clientY - start.y;
      if (!start.moved && Math.abs(dx) < c.w && Math.abs(dy) < c.h * 0.6) return;
      start.moved = true;
      event.preventDefault();
      event.stopPropagation();
      // a finger moving up shows what is below (wheel down), as a touch screen scrolls
      while (Math.abs(dy) >= c.h) {
        wheel(terminal, dy < 0 ? 65 : 64, start.col, start.row);
        start.y += dy < 0 ? -c.h : c.h;
        dy = t.clientY - start.y;
      }
      while (Math.abs(dx) >= c.w * 2) {
        wheel(terminal, dx < 0 ? 67 : 66, start.col, start.row);
        start.x += dx < 0 ? -c.w * 2 : c.w * 2;
        dx = t.clientX - start.x;
      }
    };
    const onEnd = (event) => {
      if (start && start.moved) {
        event.preventDefault();
        event.stopPropagation();
      }
      start = null;
    };
    const opts = { capture: true, passive: false };
    terminal.element.addEventListener("touchstart", onStart, opts);
    terminal.element.addEventListener("touchmove", onMove, opts);
    terminal.element.addEventListener("touchend", onEnd, opts);
  }

  function keyboard(terminal) {
    const area = terminal.textarea;
    if (!area) return;
    area.setAttribute("inputmode", "none");
    terminal.parser.registerOscHandler(OSC_INPUT, (data) => {
      area.setAttribute("inputmode", data === "text" ? "text" : "none");
      return true;
    });
  }

  let retries = 0;
  window.gcacwClosed = (client, event) => {
    // 4000: the server ended the session (the app quit, idle too long, the server
    // stopping); any other close is a drop, and the server keeps the app for a while
    if (event.code === 4000 || retries >= RETRIES) {
      document.body.classList.remove("-reconnecting");
      document.body.classList.add("-closed");
      return;
    }
    retries += 1;
    document.body.classList.add("-reconnecting");
    window.setTimeout(() => client.connect(), Math.min(8000, 250 * 2 ** retries));
  };

  window.gcacwOpened = () => {
    retries = 0;
    document.body.classList.remove("-reconnecting");
    // the app hears it has the focus now, not with the first tap (which it would drop)
    window.setTimeout(() => window.gcacwTerminal && window.gcacwTerminal.focus(), 0);
  };

  document.addEventListener("DOMContentLoaded", prepare);
  window.addEventListener("load", () => {
    const terminal = window.gcacwTerminal;
    if (!terminal) return;
    swipes(terminal);
    keyboard(terminal);
  });
})();
