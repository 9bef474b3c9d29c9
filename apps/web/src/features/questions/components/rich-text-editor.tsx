/**
 * The question editor (Tiptap), with exactly the toolbar of the specification: header 1,
 * header 2, bold, italic, underline, strike, ordered list, bullet list, link and
 * clean-formatting. Loaded lazily with the Ask a Question form.
 */
import { ALLOWED_URL_SCHEMES, LINK_REL } from '@dating/contract';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Fragment, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { PersonalInfoNote } from '../../../components/ui/personal-info-note.tsx';
import { usePersonalInfo } from '../../../hooks/use-personal-info.ts';
import { TEXT } from '../../../lib/messages.ts';
import { locate } from '../../../lib/personal-info.ts';
import { documentText } from '../lib/document-text.ts';
import styles from './rich-text-editor.module.css';

const URL_OK = new RegExp(`^(?:${ALLOWED_URL_SCHEMES.join('|')}):`, 'i');

interface RichTextEditorProps {
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string | undefined;
  /** Focus the editor, caret at the end, when it opens (the owner's Edit). */
  autoFocus?: boolean;
}

function ToolButton({
  label,
  active,
  current,
  onFocus,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  /** The toolbar's one Tab stop (the button last used). */
  current: boolean;
  onFocus: () => void;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.tool}
      aria-label={label}
      title={label}
      aria-pressed={active}
      tabIndex={current ? 0 : -1}
      onFocus={onFocus}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A button of the toolbar: what it says, whether its format is on, what it does. */
interface Tool {
  label: string;
  active?: boolean;
  run: () => void;
  face: ReactNode;
}

const LINK_ICON = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
    />
  </svg>
);

function normalizeUrl(raw: string): string | null {
  const url = raw.trim();
  if (url === '') return null;
  if (URL_OK.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  if (url.includes('@') && !url.includes('/')) return `mailto:${url}`;
  return `https://${url}`;
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      ordered: e.isActive('orderedList'),
      bullet: e.isActive('bulletList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  // The toolbar pattern: one Tab stop (this button); arrows, Home and End move between them.
  const [current, setCurrent] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const [url, setUrl] = useState('');
  const urlId = useId();
  const chain = () => editor.chain().focus();

  const applyLink = () => {
    const href = normalizeUrl(url);
    if (href === null) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    // Writing goes on after the link, not over it: the caret lands at its end.
    editor.commands.setTextSelection(editor.state.selection.to);
    setLinkOpen(false);
  };

  /** The buttons, in the specification's order; a separator stands between groups. */
  const groups: Tool[][] = [
    [
      {
        label: TEXT.heading1,
        active: state.h1,
        run: () => chain().toggleHeading({ level: 1 }).run(),
        face: 'H1',
      },
      {
        label: TEXT.heading2,
        active: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
        face: 'H2',
      },
    ],
    [
      {
        label: TEXT.bold,
        active: state.bold,
        run: () => chain().toggleBold().run(),
        face: <b>B</b>,
      },
      {
        label: TEXT.italic,
        active: state.italic,
        run: () => chain().toggleItalic().run(),
        face: <i>I</i>,
      },
      {
        label: TEXT.underline,
        active: state.underline,
        run: () => chain().toggleUnderline().run(),
        face: <u>U</u>,
      },
      {
        label: TEXT.strike,
        active: state.strike,
        run: () => chain().toggleStrike().run(),
        face: <s>S</s>,
      },
    ],
    [
      {
        label: TEXT.orderedList,
        active: state.ordered,
        run: () => chain().toggleOrderedList().run(),
        face: '1.',
      },
      {
        label: TEXT.bulletList,
        active: state.bullet,
        run: () => chain().toggleBulletList().run(),
        face: '•',
      },
      {
        label: TEXT.link,
        active: state.link || linkOpen,
        run: () => {
          setUrl(state.href);
          setLinkOpen((open) => !open);
        },
        face: LINK_ICON,
      },
      {
        label: TEXT.cleanFormatting,
        run: () => chain().unsetAllMarks().clearNodes().run(),
        face: 'Tx',
      },
    ],
  ];

  const count = groups.flat().length;
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = {
      ArrowRight: (current + 1) % count,
      ArrowLeft: (current - 1 + count) % count,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setCurrent(to);
    bar.current?.querySelectorAll<HTMLButtonElement>('button')[to]?.focus();
  };
  let index = 0;

  return (
    <div>
      <div
        ref={bar}
        className={styles.toolbar}
        role="toolbar"
        aria-label={TEXT.editorToolbar}
        aria-orientation="horizontal"
        onKeyDown={move}
      >
        {groups.map((tools, group) => (
          <Fragment key={tools[0]?.label}>
            {group > 0 && <span className={styles.separator} aria-hidden="true" />}
            {tools.map((tool) => {
              const at = index++;
              return (
                <ToolButton
                  key={tool.label}
                  label={tool.label}
                  active={tool.active}
                  current={at === current}
                  onFocus={() => setCurrent(at)}
                  onClick={tool.run}
                >
                  {tool.face}
                </ToolButton>
              );
            })}
          </Fragment>
        ))}
      </div>
      {linkOpen && (
        <div className={styles.linkRow}>
          <label htmlFor={urlId}>{TEXT.linkUrl}</label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://"
            // biome-ignore lint/a11y/noAutofocus: the field the user just asked for
            autoFocus
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setLinkOpen(false);
                editor.commands.focus();
              }
            }}
          />
          <button type="button" className={buttonClass('default', 'small')} onClick={applyLink}>
            {TEXT.applyLink}
          </button>
          {state.link && (
            <button
              type="button"
              className={buttonClass('default', 'small')}
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
            >
              {TEXT.removeLink}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The personal-info warning under the editor; Remove replaces the item in the document. */
function EditorPersonalInfo({ editor, text }: { editor: Editor; text: string }) {
  const { items, guard } = usePersonalInfo(text);
  return (
    <PersonalInfoNote
      items={items}
      onRedact={(item) => {
        if (!guard) return;
        const current = documentText(editor.state.doc);
        const found = locate(guard, current.text, item);
        if (!found) return;
        const from = current.positions[found.start] ?? -1;
        const last = current.positions[found.end - 1] ?? -1;
        if (from < 0 || last < 0) return;
        editor
          .chain()
          .focus()
          .insertContentAt({ from, to: last + 1 }, guard.REDACTED)
          .run();
      }}
    />
  );
}

export default function RichTextEditor({
  initialHtml,
  onChange,
  labelledBy,
  describedBy,
  autoFocus = false,
}: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: true,
    // Tiptap would add its base rules in a <style> element, which the CSP refuses (no
    // inline styles): they are in rich-text-editor.module.css instead.
    injectCSS: false,
    autofocus: autoFocus ? 'end' : false,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: LINK_REL, target: null },
          isAllowedUri: (uri) => URL_OK.test(uri),
        },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        class: styles.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      onChange(e.getHTML());
      setPlainText(documentText(e.state.doc).text);
    },
  });
  const [plainText, setPlainText] = useState(() =>
    editor ? documentText(editor.state.doc).text : '',
  );

  if (!editor) return null;
  return (
    <>
      <div className={styles.editor}>
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
      </div>
      <EditorPersonalInfo editor={editor} text={plainText} />
    </>
  );
}
