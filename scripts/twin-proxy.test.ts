// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withoutScripts } from './twin-proxy';

describe("the bench's script-free twin", () => {
  it('takes out every script element and module preload, and keeps JSON data and everything else', () => {
    const html =
      '<head><script>try{x()}catch(e){}</script>\n    <style>.a{}</style>\n    <script type="module" crossorigin src="/e.js"></script>\n    ' +
      '<link rel="modulepreload" crossorigin href="/m.js">\n    <script type="application/json" id="runtime-config">{"a":1}</script>\n  </head>' +
      '<body><div id="root"><p>Hei</p></div><script type="module">import("/x.js")</script></body>';
    expect(withoutScripts(html)).toBe(
      '<head><style>.a{}</style>\n    <script type="application/json" id="runtime-config">{"a":1}</script>\n  </head><body><div id="root"><p>Hei</p></div></body>',
    );
  });
});
