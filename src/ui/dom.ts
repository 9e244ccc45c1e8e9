/// <reference lib="dom" />
/**
 * DOM helpers of the elements: an element factory, and a base class that exists outside browsers too (so that importing the entry in
 * Node, for types or server rendering of something else, does not throw).
 * @module
 */

/** A child for {@link h}: a node, text, or nothing. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attributes for {@link h}: `class`, `part`, any attribute (`true` for an empty one), `on…` listeners. */
export type Props = Readonly<Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>>;

/**
 * Creates an element: `h('button', { class: 'act', onclick: go }, 'Pass')`. `null`, `undefined`
 * and `false` attributes and children are left out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement;
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  if (props) setProps(el, props);
  append(el, children);
  return el;
}

/** Sets attributes and listeners on an element (see {@link h}). */
export function setProps(el: Element, props: Props): void {
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === null || value === undefined || value === false) el.removeAttribute(key);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

function append(el: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children (a short form of `replaceChildren` that takes {@link Child}ren). */
export function fill(el: Element, ...children: Child[]): void {
  const frag = document.createDocumentFragment();
  append(frag, children);
  el.replaceChildren(frag);
}

/** Sets an element's text only when it changed (so a screen reader is not told twice). */
export function text(el: Element, value: string): void {
  if (el.textContent !== value) el.textContent = value;
}

/**
 * `HTMLElement` in a browser; outside one, an empty class, so that the module loads anywhere
 * (the elements are only defined where `customElements` exists).
 */
export const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/**
 * Sets again, through the element's own setters, the properties a page set on it before its
 * class was defined (a framework that renders before the module loads): until then they are
 * plain properties of the element, which would hide the setters for good. A value a setter
 * refuses is reported to the page (`reportError`) and left out; the others are still set.
 */
export function upgradeProperties(el: HTMLElement, names: readonly string[]): void {
  const self = el as unknown as Record<string, unknown>;
  for (const name of names) {
    if (!Object.hasOwn(self, name)) continue;
    const value = self[name];
    delete self[name];
    try {
      self[name] = value;
    } catch (e) {
      globalThis.reportError?.(e);
    }
  }
}

/**
 * Calls `changed` when a `lang` attribute in the page changes (`<html lang>` or another element
 * around `el`) while `el` has none of its own, so that an element that reads the language around
 * it follows it at once. Returns what stops watching (call it when `el` leaves the page).
 */
export function watchLang(el: HTMLElement, changed: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => undefined;
  const observer = new MutationObserver(() => {
    if (!el.hasAttribute('lang')) changed();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  return () => observer.disconnect();
}

/** Defines a custom element once (a second definition of the same name is left alone). */
export function define(name: string, element: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(name) !== undefined) return;
  customElements.define(name, element);
}

/** A shadow root with a stylesheet, shared between instances as a constructed sheet where possible. */
export function shadow(host: HTMLElement, css: string): ShadowRoot {
  const root = host.attachShadow({ mode: 'open', delegatesFocus: false });
  const style = document.createElement('style');
  style.textContent = css;
  root.append(style);
  return root;
}

/** Whether the reader asked for less motion. */
export function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The element that has focus, looking inside shadow roots. */
export function deepActive(root: Document | ShadowRoot = document): Element | null {
  let el = root.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}
