/**
 * Drops the design system's rules for classes the product never uses. Hedwig's stylesheet covers every
 * component (about 190 KB, 30 KB gzip, most of it unused here); every byte of it is fetched before the
 * first paint and every rule weighs on each style recalculation.
 *
 * A rule goes only when each of its selectors names an `hds-…` class that appears nowhere in the
 * product's code (the built JavaScript, the HTML template, the server's HTML). Class names the code
 * builds from a prefix (`hds-button--` + size) keep every class with that prefix. Classes inside
 * :not(), :is(), :where() and :has() never count as unused (they may widen a match); custom
 * properties, element selectors and at-rules stay as they are.
 */
import type { Selector, SelectorComponent } from 'lightningcss';
import { minifyCss } from './minify-css';

/** The `hds-` class names and prefixes found in code. */
export function usedClassTokens(code: string): Set<string> {
  const tokens = new Set(code.match(/hds-[A-Za-z0-9_-]*/g) ?? []);
  // A bare prefix would keep everything; code must name its classes (at least up to a component).
  if (tokens.has('hds-')) throw new Error('Code builds Hedwig class names from "hds-" alone; name them, so unused CSS can be dropped');
  return tokens;
}

export function isUsedClass(name: string, used: Set<string>): boolean {
  if (!name.startsWith('hds-') || used.has(name)) return true;
  for (const token of used) {
    if (token.endsWith('-') && name.startsWith(token)) return true;
  }
  return false;
}

function namesUnusedClass(selector: Selector, used: Set<string>): boolean {
  return selector.some((component: SelectorComponent) => component.type === 'class' && !isUsedClass(component.name, used));
}

export function purgeCss(css: string, used: Set<string>, filename = 'style.css'): string {
  const code = minifyCss(filename, css, {
    Rule: {
      style(rule) {
        const selectors = rule.value.selectors.filter((selector) => !namesUnusedClass(selector, used));
        if (selectors.length === 0) return [];
        if (selectors.length === rule.value.selectors.length) return undefined;
        return { ...rule, value: { ...rule.value, selectors } };
      },
    },
  });
  return code.toString();
}

/** Where the class list of the last build is kept between builds, and the mark asking for one more. */
export const classListFile = 'node_modules/.cache/innlogging-css/used-classes.json';
export const rebuildMarkFile = 'node_modules/.cache/innlogging-css/rebuild';
