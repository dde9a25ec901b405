// Coalitions' service worker: keeps the page and the whole Python runtime in
// Cache Storage, so that the site starts offline after one visit.
//
// This file is a template: build.py writes dist/sw.js from it, filling in
// PRECACHE (the files the page needs to start, relative to this script, which
// sits at the site's root, each with a hash of its contents) and VERSION (a
// hash of all that and of this template, so any change gives a new cache).
//
// * install: put every precached file into the cache "coalitions-VERSION".
//   A file whose hash is unchanged is copied from the previous version's
//   cache; the others are fetched, revalidating with the server
//   (cache: "no-cache") so that the HTTP cache's copy is reused if current
//   but never a stale one.
// * A new version waits (no skipWaiting here): the page shows a notice and
//   posts {type: "skip-waiting"} only when the player clicks "Reload".
// * activate: delete every other "coalitions-" cache, take control of open pages.
// * fetch: precached files come from the cache (falling back to the network
//   if the cache lost them); navigations to the site's root or index.html
//   get the cached index.html; anything else goes to the network as usual.
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = {"__PRECACHE__": ""};

const PREFIX = "coalitions-";
const CACHE = PREFIX + VERSION;
const BASE = new URL("./", self.location.href);
const INDEX = new URL("index.html", BASE).href;
const ROOTS = new Set([BASE.pathname, new URL(INDEX).pathname]);
const PRECACHED = new Set(Object.keys(PRECACHE).map((path) => new URL(path, BASE).href));
// Written last into a complete cache: its PRECACHE, for the next version to reuse.
const CONTENTS = new URL("sw-precache.json", BASE).href;

// path -> cached response of the same contents, from earlier complete caches.
async function reusable() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const listing = await cache.match(CONTENTS);
    if (!listing) continue;
    const hashes = await listing.json().catch(() => ({}));
    for (const [path, hash] of Object.entries(PRECACHE)) {
      if (found.has(path) || hashes[path] !== hash) continue;
      const response = await cache.match(new URL(path, BASE).href);
      if (response) found.set(path, response);
    }
  }
  return found;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const old = await reusable();
  await Promise.all(
    Object.keys(PRECACHE).map(async (path) => {
      const url = new URL(path, BASE).href;
      let response = old.get(path);
      if (!response) {
        response = await fetch(new Request(url, { cache: "no-cache" }));
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      }
      await cache.put(url, response);
    })
  );
  await cache.put(CONTENTS, new Response(JSON.stringify(PRECACHE), { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)))
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (data.type === "version" && event.ports && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, cache: CACHE });
  }
});

function cacheKey(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") {
    return url.origin === BASE.origin && ROOTS.has(url.pathname) ? INDEX : null;
  }
  if (url.search) return null;
  return PRECACHED.has(url.href) ? url.href : null;
}

async function fromCache(key, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const key = cacheKey(event.request);
  if (key !== null) event.respondWith(fromCache(key, event.request));
});
