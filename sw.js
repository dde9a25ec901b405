// Coalitions' service worker: keeps the page and the whole Python runtime in
// Cache Storage, so that the site starts offline after one visit.
//
// This file is a template: build.py writes dist/sw.js from it, filling in
// PRECACHE (the files the page needs to start, relative to this script, which
// sits at the site's root, each with a hash of its contents) and VERSION (a
// hash of all that and of this template, so any change gives a new cache).
//
// * Cache names are scoped by the worker's scope: "coalitions:<scope path>:VERSION"
//   (e.g. "coalitions:/a/:0123abcd..."), so two copies of the site on one
//   origin (/a/ and /b/, two GitHub Pages project sites of one user) keep
//   their own caches and never delete each other's.
// * install: build the whole version, then store it. Each file must match the
//   hash PRECACHE lists for it: a file whose hash is unchanged is taken from an
//   earlier complete cache of this scope (checked again); the others are
//   fetched, revalidating with the server (cache: "no-cache") so that the HTTP
//   cache's copy is reused if current but never a stale one, and once more
//   bypassing the HTTP cache (cache: "reload") if what came is not the listed
//   version. A file that still does not match (a deploy half done: a new sw.js
//   with the old wheel or stylesheet) or fails to load fails the install: the
//   old version keeps running and its cache stays, and the browser tries the
//   new version again at its next update check. Only when every file is in
//   hand and checked is the cache "coalitions:<scope>:VERSION" written, with
//   its listing (sw-precache.json) last: a cache without it is incomplete.
// * A new version waits (no skipWaiting here): the page shows a notice and
//   posts {type: "skip-waiting"} only when the player clicks "Reload".
// * activate: once this version's cache is complete, delete every other cache
//   of this scope (and this scope's caches from before scoped names), then
//   take control of open pages.
// * fetch: precached files come from the cache (falling back to the network
//   if the cache lost them); navigations to the site's root or index.html
//   get the cached index.html; an ON_DEMAND file comes from the cache or, the
//   first time, from the network into the cache (the next version reuses it
//   if unchanged); anything else goes to the network as usual.
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = {"__PRECACHE__": ""};
// Files fetched only if the app asks for them (the standard library beyond the
// shipped part: py/app/stdlib.py), same form: kept in this version's cache
// the first time they come from the network, then served from it (offline too).
const ON_DEMAND = {"__ON_DEMAND__": ""};

// "coalitions:/path/of/scope/:" (Cache Storage is per origin, not per path).
const SCOPE = new URL(self.registration.scope);
const PREFIX = "coalitions:" + SCOPE.pathname + ":";
const CACHE = PREFIX + VERSION;
// The unscoped names of earlier workers ("coalitions-<version>"): one is this
// scope's if it holds this scope's listing (its keys are full URLs).
const UNSCOPED = /^coalitions-[0-9a-f]{16}$/;
const BASE = new URL("./", self.location.href);
const INDEX = new URL("index.html", BASE).href;
const ROOTS = new Set([BASE.pathname, new URL(INDEX).pathname]);
const PRECACHED = new Set(Object.keys(PRECACHE).map((path) => new URL(path, BASE).href));
const OPTIONAL = new Map(Object.entries(ON_DEMAND).map(([path, hash]) => [new URL(path, BASE).href, hash]));
// Written last into a complete cache: its PRECACHE, for the next version to reuse.
const CONTENTS = new URL("sw-precache.json", BASE).href;

// Names of this scope's caches other than CACHE, those from before scoped names included.
async function ownCaches() {
  const own = [];
  for (const name of await caches.keys()) {
    if (name === CACHE) continue;
    if (name.startsWith(PREFIX) || (UNSCOPED.test(name) && (await (await caches.open(name)).match(CONTENTS)))) {
      own.push(name);
    }
  }
  return own;
}

async function sha256Hex(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// A response with the body of `response` if that body's SHA-256 starts with
// `hash` (as PRECACHE lists it), else null.
async function checked(response, hash) {
  if (!response || !response.ok) return null;
  const body = await response.arrayBuffer();
  if (!(await sha256Hex(body)).startsWith(hash)) return null;
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// path -> cached response listed with the same hash, from earlier complete caches
// (of PRECACHE and ON_DEMAND: an on-demand file fetched before stays).
async function reusable() {
  const found = new Map();
  for (const name of await ownCaches()) {
    const cache = await caches.open(name);
    const listing = await cache.match(CONTENTS);
    if (!listing) continue; // incomplete
    const hashes = await listing.json().catch(() => ({}));
    for (const [path, hash] of [...Object.entries(PRECACHE), ...Object.entries(ON_DEMAND)]) {
      if (found.has(path) || hashes[path] !== hash) continue;
      const response = await cache.match(new URL(path, BASE).href);
      if (response) found.set(path, response);
    }
  }
  return found;
}

async function download(path, hash) {
  const url = new URL(path, BASE).href;
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(new Request(url, { cache: mode }));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const good = await checked(response, hash);
    if (good) return good;
  }
  throw new Error(`${url}: not the version this worker lists (sha256 ${hash}...); a deploy in progress?`);
}

async function precache() {
  // What a failed install of this very version may have left.
  await caches.delete(CACHE);
  const old = await reusable();
  const files = await Promise.all(
    Object.entries(PRECACHE).map(async ([path, hash]) => {
      const response = (await checked(old.get(path), hash)) || (await download(path, hash));
      return [new URL(path, BASE).href, response];
    })
  );
  const kept = (await Promise.all(
    Object.entries(ON_DEMAND).map(async ([path, hash]) => {
      const response = await checked(old.get(path), hash);
      return response ? [new URL(path, BASE).href, response] : null;
    })
  )).filter(Boolean);
  // Every file is here and matches its hash: only now does the version's cache exist.
  const cache = await caches.open(CACHE);
  await Promise.all([...files, ...kept].map(([url, response]) => cache.put(url, response)));
  const listing = JSON.stringify({ ...PRECACHE, ...ON_DEMAND });
  await cache.put(CONTENTS, new Response(listing, { headers: { "Content-Type": "application/json" } }));
}

async function complete(name) {
  return (await caches.has(name)) && !!(await (await caches.open(name)).match(CONTENTS));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Older versions go only once this one is whole (an install never
      // succeeds otherwise, but the browser may have evicted storage since).
      if (await complete(CACHE)) {
        await Promise.all((await ownCaches()).map((name) => caches.delete(name)));
      }
      await self.clients.claim();
    })()
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
  return PRECACHED.has(url.href) || OPTIONAL.has(url.href) ? url.href : null;
}

// An on-demand file: from the cache, else from the network, kept if it is the
// listed version (and this version's cache is complete).
async function onDemand(key, request) {
  if (await complete(CACHE)) {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) return hit;
    const good = await checked(await fetch(request), OPTIONAL.get(key));
    if (good) {
      await cache.put(key, good.clone());
      return good;
    }
  }
  return fetch(request);
}

async function fromCache(key, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const key = cacheKey(event.request);
  if (key !== null) event.respondWith(OPTIONAL.has(key) ? onDemand(key, event.request) : fromCache(key, event.request));
});
