import { Fragment, Slice } from '@tiptap/pm/model';
import type { EditorView } from '@tiptap/pm/view';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { editorToNote, groupBlocks, noteToEditor, safeHref, type NoteDoc, type NoteSpan } from './note-doc';

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

/**
 * TipTap with only what a note holds: paragraphs, bulleted and numbered lists, bold, italic, underline and http(s)
 * links (StarterKit's other nodes and marks are off, so nothing else can enter the document).
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    codeBlock: false,
    code: false,
    strike: false,
    horizontalRule: false,
    hardBreak: false,
    link: {
      openOnClick: false,
      autolink: false,
      linkOnPaste: false,
      protocols: [],
      isAllowedUri: (url) => safeHref(url) !== null,
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
    },
  }),
];

/** Pasted text comes in as text only, a paragraph a line (no HTML from elsewhere enters the note). */
function pastePlain(view: EditorView, text: string) {
  const { schema } = view.state;
  const lines = text.split(/\r?\n/).map((line) => schema.nodes.paragraph.create(null, line ? schema.text(line) : null));
  view.dispatch(view.state.tr.replaceSelection(new Slice(Fragment.fromArray(lines), 1, 1)).scrollIntoView());
}

/** A numbered-list icon without text in it (a visible '1.' is not part of the button's name, which axe refuses). */
const NUMBERS_ICON = (
  <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.4">
    <path d="M1.5 1.5h1v3M1.2 4.5h1.8M1.2 8h1.6l-1.6 2.2h1.8M5.5 3h7.5M5.5 9h7.5" />
  </svg>
);

type Tool = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList';

/** The rich-text editor (TipTap) with a small toolbar. `read()` gives the document it shows. */
export function NoteEditor(props: { initial: NoteDoc; editorRef: { current: { read(): NoteDoc } | null }; id?: string; label?: string; invalid?: boolean }) {
  const { t } = useTranslation('meeting');
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [linkError, setLinkError] = useState(false);
  const { initial, editorRef } = props;
  const content = useMemo(() => noteToEditor(initial), [initial]);
  const editor = useEditor(
    {
      extensions: EXTENSIONS,
      content,
      editorProps: {
        attributes: {
          class: `note-editor__area note-text${props.invalid ? ' p-invalid' : ''}`,
          role: 'textbox',
          'aria-multiline': 'true',
          ...(props.id ? { id: props.id } : {}),
          ...(props.label ? { 'aria-label': props.label } : {}),
          'aria-invalid': props.invalid ? 'true' : 'false',
          'data-testid': 'note-input',
        },
        handlePaste: (view, event) => {
          pastePlain(view, event.clipboardData?.getData('text/plain') ?? '');
          return true;
        },
        handleDrop: () => true, // nothing dragged in from elsewhere
      },
    },
    [content],
  );
  useEffect(() => {
    editorRef.current = { read: () => editorToNote(editor.getJSON()) };
    return () => {
      editorRef.current = null;
    };
  }, [editor, editorRef]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }): Record<Tool | 'link', boolean> => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const toggle: Record<Tool, () => void> = {
    bold: () => editor.chain().focus().toggleBold().run(),
    italic: () => editor.chain().focus().toggleItalic().run(),
    underline: () => editor.chain().focus().toggleUnderline().run(),
    bulletList: () => editor.chain().focus().toggleBulletList().run(),
    orderedList: () => editor.chain().focus().toggleOrderedList().run(),
  };
  const tool = (id: string, icon: ReactNode, label: string, extra: { pressed?: boolean; expanded?: boolean }, action: () => void) => (
    <Button
      type="button"
      text
      size="small"
      className={`note-toolbar__button${extra.pressed ? ' note-toolbar__button--on' : ''}`}
      aria-label={label}
      aria-pressed={extra.pressed}
      aria-expanded={extra.expanded}
      title={label}
      data-testid={`note-${id}`}
      onMouseDown={(e) => e.preventDefault()} // keeps the selection in the editor
      onClick={action}
    >
      {icon}
    </Button>
  );
  const openLink = () => {
    const href = editor.getAttributes('link').href;
    setUrl(typeof href === 'string' ? href : '');
    setLinkError(false);
    setLinkOpen(true);
  };
  const applyLink = () => {
    const href = safeHref(url);
    if (!href) return setLinkError(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).unsetMark('link').run();
    else chain.setLink({ href }).run();
    setLinkOpen(false);
  };
  return (
    <div className="note-editor">
      <div className="note-toolbar" role="toolbar" aria-label={t('notes.toolbar')}>
        {tool('bold', <strong>B</strong>, t('notes.bold'), { pressed: active.bold }, toggle.bold)}
        {tool('italic', <em>I</em>, t('notes.italic'), { pressed: active.italic }, toggle.italic)}
        {tool('underline', <u>U</u>, t('notes.underline'), { pressed: active.underline }, toggle.underline)}
        {tool('bullets', <i className="pi pi-list" aria-hidden />, t('notes.bullets'), { pressed: active.bulletList }, toggle.bulletList)}
        {tool('numbers', NUMBERS_ICON, t('notes.numbers'), { pressed: active.orderedList }, toggle.orderedList)}
        {tool('link', <i className="pi pi-link" aria-hidden />, t('notes.link'), { pressed: active.link, expanded: linkOpen }, openLink)}
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
      <EditorContent editor={editor} />
    </div>
  );
}

