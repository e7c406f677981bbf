// The one DOM helper: h(tag, props, ...children). Props that are functions named on… become
// listeners; style goes through the CSSOM; class, data-*, aria-* and other attributes are set as
// given; false/null skip.
export type Child = Node | string | number | null | undefined | false | Child[];
export type Props = Record<string, unknown>;

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) for (const c of child) append(parent, c);
  else parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
}

function apply(el: Element, props: Props | null | undefined): void {
  if (!props) return;
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    else if (key === 'value' || key === 'checked' || key === 'selected') (el as unknown as Record<string, unknown>)[key] = value;
    // Through the CSSOM: a style attribute in markup is an inline style the page's CSP refuses.
    else if (key === 'style') (el as HTMLElement | SVGElement).style.cssText = String(value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, props);
  append(el, children);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

export function svg(tag: string, props?: Props | null, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  apply(el, props);
  append(el, children);
  return el as SVGElement;
}

/**
 * A card picture: a <use> of its symbol in the sprite (see cards.ts), an image named by `label`;
 * without a label (the picture inside a named button) it is hidden from assistive technology.
 */
export function cardPicture(card: string, label: string, className = ''): SVGElement {
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': 'true', focusable: 'false' };
  return svg('svg', { class: `card-face ${className}`.trim(), viewBox: '0 0 60 84', ...named }, svg('use', { href: `#card-${card}` }));
}

/** Replaces an element's content, keeping keyboard focus on the element with the same data-focus. */
export function replaceContent(root: Element, ...children: Child[]): void {
  const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement.dataset.focus : undefined;
  root.replaceChildren();
  append(root, children);
  if (focused) root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
}
