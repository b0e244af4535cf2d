/**
 * The one inline script of every page: a classic script in <head> (build/head-script-plugin.ts),
 * allowed by its hash in the Content-Security-Policy (server/security-headers.ts). It runs before the
 * body is parsed and, on a prerendered page, is all that runs before the first paint:
 *
 * 1. Posten Sans: marks <html> when the fonts' files are cached (src/app/boot/fonts.ts), so the
 *    first layout uses them; a first visit draws with the fallback and fetches no font. And marks it
 *    when the browser has WebAuthn, so the private login's first paint keeps room for the passkey
 *    button that comes after it (issue #36: no layout shift).
 * 2. Early input (prerendered pages): until the app has taken over, a submit inside #root is held
 *    back (the browser would send the form itself: a plain POST of its fields) and a button press
 *    remembered; when the app's first commit says so (`releaseEarlyInput`, early-input.ts), the last
 *    of them is done again, once. Typed text needs nothing: the fields keep it through hydration.
 * 3. After the first paint (prerendered pages): the page's stylesheet and the app's entry, which the
 *    server put in a <noscript> and its data-entry attribute (server/critical-css.ts), so nothing is
 *    fetched before that paint. The first contentful paint may come before the whole page is parsed:
 *    the files wait for it, the page parsed (DOMContentLoaded) and one frame more, so the frame that
 *    draws the whole page (its largest content) never waits for them. A hidden page, which paints nothing yet, gets them at once; a browser
 *    without paint timing within three seconds.
 *
 * Plain JavaScript in a string (it must be byte-for-byte what the policy hashes); its behaviour is
 * tested in boot-script.test.ts and tests/e2e/prerender.spec.ts. Free of the DOM itself, so the server
 * may import it.
 */
import { deferredId, prerenderedAttribute } from './prerender-marks';

/** On <html> when Posten Sans is shown (src/app/app.css). */
export const fontsClass = 'fonts-cached';

/** On <html> when the browser has WebAuthn: the private login keeps room for its passkey button (app.css). */
export const webauthnClass = 'webauthn';

/** localStorage: the font files have been loaded into the cache. */
export const fontsKey = 'innlogging.fontsCached';

/** Dispatched on document by the app's first commit: what was held is done now. */
export const earlyInputReleaseEvent = 'innlogging:app-ready';

/** On the <link> elements the boot script adds: the entry waits for them before the app starts. */
export const deferredStylesheetAttribute = 'data-deferred';

/*
 * Written small by hand (it is in every page; no build step minifies it): d document, h held action,
 * p "inside the prerendered screen", o the deferred files' <noscript>, f "files added".
 */
export const bootScript = `(()=>{const d=document;let h=null,f=0;\
try{localStorage.getItem("${fontsKey}")&&d.documentElement.classList.add("${fontsClass}")}catch{}\
window.PublicKeyCredential&&d.documentElement.classList.add("${webauthnClass}");\
const p=t=>{const r=d.getElementById("root");return!!r&&r.hasAttribute("${prerenderedAttribute}")&&t instanceof Node&&r.contains(t)},\
s=e=>{const t=e.target;if(t instanceof HTMLFormElement&&p(t)){e.preventDefault();e.stopPropagation();h=[t,e.submitter]}},\
c=e=>{const b=e.target instanceof Element?e.target.closest("button"):null;if(b&&b.type!=="submit"&&p(b)){e.stopPropagation();h=[b]}};\
d.addEventListener("submit",s,!0);d.addEventListener("click",c,!0);\
d.addEventListener("${earlyInputReleaseEvent}",()=>{d.removeEventListener("submit",s,!0);d.removeEventListener("click",c,!0);\
const[t,b]=h??[];h=null;if(!t?.isConnected)return;\
t instanceof HTMLFormElement?b&&t.contains(b)?t.requestSubmit(b):t.requestSubmit():t.click()},{once:!0});\
const l=()=>{const o=d.getElementById("${deferredId}");if(f||!o)return;f=1;\
for(const[,u]of o.textContent.matchAll(/href="([^"]+)"/g)){const k=d.createElement("link");k.rel="stylesheet";k.crossOrigin="";k.href=u;k.setAttribute("${deferredStylesheetAttribute}","");o.before(k)}\
const e=d.createElement("script");e.type="module";e.crossOrigin="";e.src=o.getAttribute("data-entry");d.head.append(e)},\
a=()=>{if(d.visibilityState==="hidden")return l();\
try{new PerformanceObserver((x,v)=>{x.getEntriesByName("first-contentful-paint").length&&(v.disconnect(),requestAnimationFrame(()=>setTimeout(l)))}).observe({type:"paint",buffered:!0})}catch{}setTimeout(l,3e3)};\
d.readyState==="loading"?d.addEventListener("DOMContentLoaded",a,{once:!0}):a()})()`;
