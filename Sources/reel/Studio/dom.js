// A small element builder: the page makes its DOM in code, never from HTML strings, so no text
// from a template, a file name or the server is ever read as markup.

/** `<tag>` with attributes (functions for `on...` become listeners, `style` an object of properties) and children (strings become text). */
export function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    // Through the CSSOM: the page's policy refuses style attributes written as text.
    else if (name === 'style' && typeof value === 'object') Object.assign(node.style, value);
    else if (value === true) node.setAttribute(name, '');
    else node.setAttribute(name, String(value));
  }
  for (const child of Array.isArray(children) ? children : [children]) {
    if (child === undefined || child === null || child === '') continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The element of `id`. */
export const $ = (id) => document.getElementById(id);
