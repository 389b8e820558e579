// The page's words: every text it shows comes from the catalogs
// (locale.en.json, locale.zh_CN.json), which the server puts into the page
// (<script id="catalogs">), and which the server's own messages use too: it
// sends each as a key and its arguments ({key, args}) beside its English.
// The language is the switch's choice (remembered in the "lang" cookie,
// which the server reads too), else the server's (the browser's
// Accept-Language), else navigator.language; the switch says everything
// again at once, the game in progress kept.
"use strict";

const i18n = {
  lang: "en",
  catalogs: {},
  // what is on the page now in words made from data (a message of the
  // server, a count): each element's id → how to say it again
  live: new Map(),
  // called after a switch, to say again what is drawn from state (app.js)
  onSwitch: [],
};

function readCatalogs() {
  const data = JSON.parse(document.getElementById("catalogs").textContent);
  i18n.catalogs = data.catalogs;
  i18n.lang = chooseLanguage(data.lang);
}

function cookieLanguage() {
  const found = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie);
  return found ? decodeURIComponent(found[1]) : null;
}

function spokenBy(languages) {
  for (const name of languages) {
    const primary = String(name).toLowerCase().split("-")[0];
    if (primary === "zh") return "zh-CN";
    if (primary === "en") return "en";
  }
  return null;
}

// The switch's choice; else Chinese when the server chose it (from
// Accept-Language) or the browser's own languages ask for it first.
function chooseLanguage(served) {
  const chosen = cookieLanguage();
  if (chosen && chosen in i18n.catalogs) return chosen;
  if (served !== "en") return served;
  return spokenBy(navigator.languages || [navigator.language || "en"]) || "en";
}

// The text of `key` with `args` ({name} marks an argument; an argument may
// be a message itself); a key the catalog lacks says itself.
function t(key, args = {}) {
  const words = i18n.catalogs[i18n.lang] || {};
  const text = key in words ? words[key] : (i18n.catalogs.en || {})[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in args ? say(args[name]) : all));
}

// A message of the server ({key, args}), a list of them (sentences), or a
// plain value, in words.
function say(said) {
  if (Array.isArray(said)) return said.map(say).join(t("join.sentences"));
  if (said !== null && typeof said === "object" && "key" in said) return t(said.key, said.args || {});
  return String(said);
}

// A list of words joined as the language joins them.
function sayList(items, separator = "list.comma") {
  return items.join(t(separator));
}

// Set the text of element `id` to `render()`, and again after a switch.
// `render` null clears it.
function liveText(id, render) {
  const element = document.getElementById(id);
  if (render === null) {
    i18n.live.delete(id);
    element.textContent = "";
    return;
  }
  i18n.live.set(id, render);
  element.textContent = render();
}

// The fixed words of the page, from the data-i18n attributes.
function translatePage() {
  document.documentElement.lang = i18n.lang;
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of document.querySelectorAll("[data-i18n-html]")) {
    element.innerHTML = t(element.dataset.i18nHtml); // the catalog's own markup
  }
  for (const element of document.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of element.dataset.i18nAttr.split(";")) {
      const [name, key] = pair.split(":");
      element.setAttribute(name, t(key));
    }
  }
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === i18n.lang));
  }
}

function setLanguage(lang) {
  if (!(lang in i18n.catalogs) || lang === i18n.lang) return;
  i18n.lang = lang;
  // a year; the server reads it for the next visit
  document.cookie = `lang=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Strict`;
  translatePage();
  for (const [id, render] of i18n.live) document.getElementById(id).textContent = render();
  for (const again of i18n.onSwitch) again();
}

function startLanguages() {
  readCatalogs();
  translatePage();
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => setLanguage(button.dataset.lang));
  }
}

// at once, before the other scripts run and before the first paint
startLanguages();
