/**
 * The critical CSS of a prerendered page: the rules of the built stylesheet that can apply to its
 * markup, to be inlined in the page so its first paint waits for no stylesheet (docs/decisions/008).
 * The whole stylesheet follows after the first paint and changes nothing that was drawn: it holds the
 * same rules in the same order (plus those for what only the app draws).
 *
 * A rule is kept (whole) when one of its selectors may match: every class, id, element name and attribute it
 * names (outside :not() and :has(), which only narrow) occurs in the markup; :is(), :where() and
 * :any() need one matching alternative. States (:hover, :focus…), structure (:nth-child…) and
 * pseudo-elements are taken as matching. That keeps a few rules too many, never one too few. At-rules
 * (@media, @supports, @layer) keep the rules inside them that are kept; @keyframes stay when a kept
 * rule names them; custom properties stay when a kept rule (or a style attribute of the markup) uses
 * them. @font-face rules stay: they fetch nothing until text uses them (src/app/boot/fonts.ts).
 */
import type { Selector, SelectorComponent } from 'lightningcss';
import { minifyCss } from './minify-css';

/** What of a page's markup a selector can name. */
export interface MarkupTokens {
  elements: Set<string>;
  classes: Set<string>;
  ids: Set<string>;
  attributes: Set<string>;
}

const entities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const decode = (value: string) =>
  value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, decimal: string, hex: string, name: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return entities[name.toLowerCase()] ?? whole;
  });

/** Element names, classes, ids and attribute names in HTML (React's static markup: quoted attributes). */
export function markupTokens(html: string): MarkupTokens {
  const tokens: MarkupTokens = { elements: new Set(), classes: new Set(), ids: new Set(), attributes: new Set() };
  for (const [, name, attributes] of html.matchAll(/<([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g)) {
    tokens.elements.add(name.toLowerCase());
    for (const [, attribute, double, single, bare] of attributes.matchAll(/([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const key = attribute.toLowerCase();
      const value = decode(double ?? single ?? bare ?? '');
      tokens.attributes.add(key);
      if (key === 'class') for (const name of value.split(/\s+/).filter(Boolean)) tokens.classes.add(name);
      if (key === 'id' && value) tokens.ids.add(value);
    }
  }
  return tokens;
}

function componentMayMatch(component: SelectorComponent, tokens: MarkupTokens): boolean {
  switch (component.type) {
    case 'class':
      return tokens.classes.has(component.name);
    case 'id':
      return tokens.ids.has(component.name);
    case 'type':
      return tokens.elements.has(component.name.toLowerCase());
    case 'attribute':
      return tokens.attributes.has(component.name.toLowerCase());
    case 'pseudo-class':
      if (component.kind === 'is' || component.kind === 'where' || component.kind === 'any')
        return component.selectors.some((selector) => selectorMayMatch(selector, tokens));
      // :not() and :has() narrow a match; states and structure may hold at any time.
      return true;
    default:
      return true;
  }
}

export function selectorMayMatch(selector: Selector, tokens: MarkupTokens): boolean {
  return selector.every((component) => componentMayMatch(component, tokens));
}

/** The rules of `css` that may apply to markup with these tokens, minified. */
export function criticalCss(css: string, tokens: MarkupTokens, usedInMarkup?: string, filename = 'critical.css'): string {
  const animations = new Set<string>();
  const kept = minifyCss(filename, css, {
    Rule: {
      style(rule) {
        // Kept whole when one selector may match (a rule given back changed does not always survive
        // lightningcss's round trip, and the few selectors too many cost next to nothing).
        if (!rule.value.selectors.some((selector) => selectorMayMatch(selector, tokens))) return [];
        for (const declaration of [...(rule.value.declarations?.declarations ?? []), ...(rule.value.declarations?.importantDeclarations ?? [])]) {
          if (declaration.property === 'animation-name') for (const name of declaration.value) if (name.type !== 'none') animations.add(name.value);
          if (declaration.property === 'animation')
            for (const animation of declaration.value) if (animation.name.type !== 'none') animations.add(animation.name.value);
        }
        return undefined;
      },
    },
  });
  // The keyframes no kept rule names go.
  let code = minifyCss(filename, kept, { Rule: { keyframes: (rule) => (animations.has(rule.value.name.value) ? undefined : []) } });
  // Custom properties (Hedwig's design tokens are most of the stylesheet) no kept rule uses, directly or
  // through another: dropped until none is left to drop.
  const inMarkup = [...(usedInMarkup ?? '').matchAll(/var\(\s*(--[A-Za-z0-9_-]+)/g)].map((match) => match[1]);
  for (;;) {
    const referenced = new Set(inMarkup);
    let dropped = 0;
    const pass = minifyCss(filename, code, {
      Variable(variable) {
        referenced.add(variable.name.ident);
      },
    });
    code = minifyCss(filename, pass, {
      Declaration: {
        // lightningcss also calls properties it does not know "custom" (content, some forms of gap…).
        custom(property) {
          if (!property.name.startsWith('--') || referenced.has(property.name)) return undefined;
          dropped += 1;
          return [];
        },
      },
    });
    if (dropped === 0) return code.toString();
  }
}
