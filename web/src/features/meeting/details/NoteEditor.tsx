import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { domToNote, groupBlocks, MARK_TAG, noteToDom, safeHref, type NoteDoc, type NoteMark, type NoteSpan } from './note-doc';

/** A note shown from its JSON: React elements only, links limited to http(s). */
export function NoteView(props: { doc: NoteDoc }) {
  return (
    <>
      {groupBlocks(props.doc.blocks).map((g, i) => {
        if (g.type === 'paragraph') return <p key={i}>{spans(g.items[0].children)}</p>;
        const items = g.items.map((b, j) => <li key={j}>{spans(b.children)}</li>);
        return g.type === 'bullet' ? <ul key={i}>{items}</ul> : <ol key={i}>{items}</ol>;
      })}
    </>
  );
}

function spans(children: NoteSpan[]): ReactNode[] {
  return children.map((s, i) => {
    let node: ReactNode = s.text;
    if (s.marks?.includes('underline')) node = <u>{node}</u>;
    if (s.marks?.includes('italic')) node = <em>{node}</em>;
    if (s.marks?.includes('bold')) node = <strong>{node}</strong>;
    const href = safeHref(s.href);
    if (href) node = <a href={href} target="_blank" rel="noopener noreferrer nofollow">{node}</a>;
    return <span key={i}>{node}</span>;
  });
}

// ---- editing the editor's DOM (no document.execCommand: it is deprecated and absent in jsdom) ----------

const MARK_SELECTOR: Record<NoteMark, string> = { bold: 'strong,b', italic: 'em,i', underline: 'u' };

function rangeIn(root: HTMLElement): Range | null {
  const sel = root.ownerDocument.getSelection();
  if (!sel || sel.rangeCount === 0) return null;
  const r = sel.getRangeAt(0);
  return root.contains(r.commonAncestorContainer) ? r : null;
}

function select(root: HTMLElement, range: Range) {
  const sel = root.ownerDocument.getSelection();
  sel?.removeAllRanges();
  sel?.addRange(range);
}

function closestIn(node: Node, root: HTMLElement, selector: string): Element | null {
  for (let n: Node | null = node; n && n !== root; n = n.parentNode) {
    if (n.nodeType === 1 && (n as Element).matches(selector)) return n as Element;
  }
  return null;
}

function unwrap(el: Element) {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

/** Bold, italic or underline on the selection; on everything already marked it takes the mark off. */
export function toggleMark(root: HTMLElement, mark: NoteMark) {
  const r = rangeIn(root);
  if (!r) return;
  const d = root.ownerDocument;
  const selector = MARK_SELECTOR[mark];
  if (r.collapsed) {
    const inside = closestIn(r.startContainer, root, selector);
    const text = d.createTextNode('\u200B'); // a place for the caret: what is typed next takes (or leaves) the mark
    if (inside) inside.parentNode!.insertBefore(text, inside.nextSibling);
    else {
      const el = d.createElement(MARK_TAG[mark]);
      el.appendChild(text);
      r.insertNode(el);
    }
    const caret = d.createRange();
    caret.setStart(text, 1);
    caret.collapse(true);
    select(root, caret);
    return;
  }
  // split the text at both ends of the selection, then mark (or unmark) every text node inside it
  let { startContainer: sc, startOffset: so, endContainer: ec, endOffset: eo } = r;
  if (ec.nodeType === 3 && eo < (ec as Text).length) (ec as Text).splitText(eo);
  if (sc.nodeType === 3 && so > 0) {
    const rest = (sc as Text).splitText(so);
    if (ec === sc) {
      ec = rest;
      eo -= so;
    }
    sc = rest;
    so = 0;
  }
  const range = d.createRange();
  range.setStart(sc, so);
  range.setEnd(ec, ec.nodeType === 3 ? Math.min(eo, (ec as Text).length) : eo);
  const walker = d.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (range.intersectsNode(n) && (n.textContent ?? '').length > 0) nodes.push(n as Text);
  }
  if (nodes.length === 0) return;
  const marked = nodes.map((n) => closestIn(n, root, selector));
  if (marked.every(Boolean)) marked.forEach((el) => el?.isConnected && unwrap(el));
  else {
    nodes.forEach((n, i) => {
      if (marked[i]) return;
      const el = d.createElement(MARK_TAG[mark]);
      n.parentNode!.insertBefore(el, n);
      el.appendChild(n);
    });
  }
  const after = d.createRange();
  after.setStart(nodes[0], 0);
  after.setEnd(nodes[nodes.length - 1], nodes[nodes.length - 1].length);
  select(root, after);
}

/** The caret's line becomes a bulleted or numbered item; on an item of that kind it becomes a paragraph again. */
export function toggleList(root: HTMLElement, kind: 'bullet' | 'ordered') {
  const d = root.ownerDocument;
  const r = rangeIn(root) ?? (() => {
    const end = d.createRange();
    end.selectNodeContents(root);
    end.collapse(false);
    return end;
  })();
  const tag = kind === 'bullet' ? 'UL' : 'OL';
  const li = closestIn(r.startContainer, root, 'li');
  const list = li?.parentElement;
  if (li && list && (list.tagName === 'UL' || list.tagName === 'OL')) {
    if (list.tagName === tag) {
      for (const item of Array.from(list.children)) {
        const p = d.createElement('p');
        while (item.firstChild) p.appendChild(item.firstChild);
        list.parentNode!.insertBefore(p, list);
      }
      list.remove();
    } else {
      const other = d.createElement(tag.toLowerCase());
      while (list.firstChild) other.appendChild(list.firstChild);
      list.replaceWith(other);
    }
    return;
  }
  // the caret's block: a top-level element, or the run of loose text and inline elements around it
  let top: Node = r.startContainer;
  while (top.parentNode && top.parentNode !== root) top = top.parentNode;
  const listEl = d.createElement(tag.toLowerCase());
  const item = d.createElement('li');
  listEl.appendChild(item);
  const isBlock = (n: Node | null) => n?.nodeType === 1 && /^(P|DIV|UL|OL|LI|H[1-6]|BLOCKQUOTE|PRE)$/.test((n as Element).tagName);
  if (top === root) {
    root.appendChild(listEl);
    item.appendChild(d.createElement('br'));
  } else if (isBlock(top) && (top as Element).tagName !== 'UL' && (top as Element).tagName !== 'OL') {
    while (top.firstChild) item.appendChild(top.firstChild);
    (top as Element).replaceWith(listEl);
  } else {
    let first: Node = top;
    while (first.previousSibling && !isBlock(first.previousSibling)) first = first.previousSibling;
    root.insertBefore(listEl, first);
    while (listEl.nextSibling && !isBlock(listEl.nextSibling)) item.appendChild(listEl.nextSibling);
  }
  const caret = d.createRange();
  caret.selectNodeContents(item);
  caret.collapse(false);
  select(root, caret);
}

/** Wraps the selection in a link, or writes the address as a linked text where nothing is selected. */
export function insertLink(root: HTMLElement, range: Range | null, href: string) {
  const d = root.ownerDocument;
  const r = range && root.contains(range.commonAncestorContainer) ? range : null;
  const a = d.createElement('a');
  a.setAttribute('href', href);
  if (!r || r.collapsed) {
    a.textContent = href;
    if (r) r.insertNode(a);
    else (root.lastElementChild && /^(P|DIV|LI)$/.test(root.lastElementChild.tagName) ? root.lastElementChild : root).appendChild(a);
  } else {
    const frag = r.extractContents();
    frag.querySelectorAll('a').forEach(unwrap);
    a.appendChild(frag);
    r.insertNode(a);
  }
  const after = d.createRange();
  after.setStartAfter(a);
  after.collapse(true);
  select(root, after);
}

/** Pasted text comes in as text only (no HTML from elsewhere enters the note). */
function pastePlain(root: HTMLElement, text: string) {
  const r = rangeIn(root);
  if (!r) return;
  const d = root.ownerDocument;
  r.deleteContents();
  const frag = d.createDocumentFragment();
  text.split(/\r?\n/).forEach((line, i) => {
    if (i > 0) frag.appendChild(d.createElement('br'));
    frag.appendChild(d.createTextNode(line));
  });
  const last = frag.lastChild;
  r.insertNode(frag);
  if (last) {
    const after = d.createRange();
    after.setStartAfter(last);
    after.collapse(true);
    select(root, after);
  }
}

const SHORTCUTS: Record<string, NoteMark> = { b: 'bold', i: 'italic', u: 'underline' };

/** The rich-text editor: a contentEditable area with a small toolbar. `read()` gives the document it shows. */
export function NoteEditor(props: { initial: NoteDoc; editorRef: { current: { read(): NoteDoc } | null }; id?: string; label?: string; invalid?: boolean }) {
  const { t } = useTranslation('meeting');
  const area = useRef<HTMLDivElement | null>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [linkError, setLinkError] = useState(false);
  const { initial, editorRef } = props;
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.replaceChildren(noteToDom(initial, el.ownerDocument));
    editorRef.current = { read: () => domToNote(el) };
    return () => {
      editorRef.current = null;
    };
  }, [initial, editorRef]);
  const run = (fn: (root: HTMLElement) => void) => {
    const root = area.current;
    if (!root) return;
    if (!rangeIn(root)) root.focus();
    fn(root);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mark = SHORTCUTS[e.key.toLowerCase()];
    if ((e.ctrlKey || e.metaKey) && !e.altKey && mark) {
      e.preventDefault();
      toggleMark(e.currentTarget, mark);
    }
  };
  const tool = (id: string, icon: ReactNode, label: string, action: () => void) => (
    <Button
      type="button"
      text
      size="small"
      className="note-toolbar__button"
      aria-label={label}
      title={label}
      data-testid={`note-${id}`}
      onMouseDown={(e) => e.preventDefault()} // keeps the selection in the editor
      onClick={action}
    >
      {icon}
    </Button>
  );
  const openLink = () => {
    const r = area.current ? rangeIn(area.current) : null;
    saved.current = r ? r.cloneRange() : null;
    setUrl('');
    setLinkError(false);
    setLinkOpen(true);
  };
  const applyLink = () => {
    const href = safeHref(url);
    if (!href) return setLinkError(true);
    if (area.current) insertLink(area.current, saved.current, href);
    setLinkOpen(false);
  };
  return (
    <div className="note-editor">
      <div className="note-toolbar" role="toolbar" aria-label={t('notes.toolbar')}>
        {tool('bold', <strong>B</strong>, t('notes.bold'), () => run((r) => toggleMark(r, 'bold')))}
        {tool('italic', <em>I</em>, t('notes.italic'), () => run((r) => toggleMark(r, 'italic')))}
        {tool('underline', <u>U</u>, t('notes.underline'), () => run((r) => toggleMark(r, 'underline')))}
        {tool('bullets', <i className="pi pi-list" aria-hidden />, t('notes.bullets'), () => run((r) => toggleList(r, 'bullet')))}
        {tool('numbers', <span aria-hidden>1.</span>, t('notes.numbers'), () => run((r) => toggleList(r, 'ordered')))}
        {tool('link', <i className="pi pi-link" aria-hidden />, t('notes.link'), openLink)}
      </div>
      {linkOpen && (
        <div className="note-link" data-testid="note-link-form">
          <InputText
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
            placeholder="https://"
            dir="ltr"
            aria-label={t('notes.linkUrl')}
            aria-invalid={linkError}
            data-testid="note-link-url"
            autoFocus
          />
          <Button type="button" size="small" label={t('notes.linkApply')} onClick={applyLink} data-testid="note-link-apply" />
          <Button type="button" size="small" text label={t('cancel')} onClick={() => setLinkOpen(false)} />
          {linkError && (
            <small className="p-error block" data-testid="note-link-error">
              {t('notes.linkInvalid')}
            </small>
          )}
        </div>
      )}
      <div
        ref={area}
        className={`note-editor__area note-text${props.invalid ? ' p-invalid' : ''}`}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        id={props.id}
        aria-label={props.label}
        aria-invalid={props.invalid}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPaste={(e) => {
          e.preventDefault();
          pastePlain(e.currentTarget, e.clipboardData.getData('text/plain'));
        }}
        onDrop={(e) => e.preventDefault()}
        data-testid="note-input"
      />
    </div>
  );
}
