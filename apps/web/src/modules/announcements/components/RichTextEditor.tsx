import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  id?: string;
  /** HTML; read when the editor starts (the editor owns the text afterwards). */
  value?: string;
  onChange?: (html: string) => void;
  /** Marks the field invalid for assistive technology. */
  invalid?: boolean;
}

const LINK = /^(https?:\/\/|mailto:)\S+$/i;

/**
 * The announcement's rich text: TipTap (ProseMirror) with the formatting the server keeps — headings,
 * emphasis, lists, quotes, code, links — and nothing it would drop (no images, colours or tables).
 * Keyboard: the usual shortcuts (Ctrl+B/I/U, Ctrl+Z …); the toolbar buttons are in the tab order.
 */
export default function RichTextEditor({ id, value = '', onChange, invalid }: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => LINK.test(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id: id ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('announcements:editor.label'),
        'aria-invalid': invalid ? 'true' : 'false',
        class: 'announcement-editor__content announcement-content',
        'data-testid': 'announcement-editor',
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(changed.getHTML()),
  });

  return (
    <div className={`announcement-editor${invalid ? ' announcement-editor--invalid' : ''}`}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      heading2: e.isActive('heading', { level: 2 }),
      heading3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (key: keyof typeof state, icon: ReactNode, run: () => void) => (
    <Tooltip title={t(`announcements:editor.${key}`)}>
      <Button
        type={state[key] ? 'primary' : 'text'}
        ghost={state[key]}
        size="small"
        icon={icon}
        aria-label={t(`announcements:editor.${key}`)}
        aria-pressed={state[key]}
        onClick={run}
        data-testid={`editor-${key}`}
      />
    </Tooltip>
  );

  return (
    <div
      className="announcement-editor__toolbar"
      role="toolbar"
      aria-label={t('announcements:editor.toolbar')}
    >
      <Space size={2} wrap>
        {toggle('bold', <BoldOutlined />, () => chain().toggleBold().run())}
        {toggle('italic', <ItalicOutlined />, () => chain().toggleItalic().run())}
        {toggle('underline', <UnderlineOutlined />, () => chain().toggleUnderline().run())}
        {toggle('strike', <StrikethroughOutlined />, () => chain().toggleStrike().run())}
        {toggle('heading2', <span className="announcement-editor__glyph">H2</span>, () =>
          chain().toggleHeading({ level: 2 }).run(),
        )}
        {toggle('heading3', <span className="announcement-editor__glyph">H3</span>, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {toggle('bulletList', <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
        {toggle('orderedList', <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
        {toggle('blockquote', <span className="announcement-editor__glyph">“”</span>, () =>
          chain().toggleBlockquote().run(),
        )}
        <LinkButton editor={editor} active={state.link} />
        <Tooltip title={t('announcements:editor.undo')}>
          <Button
            type="text"
            size="small"
            icon={<UndoOutlined />}
            aria-label={t('announcements:editor.undo')}
            disabled={!state.canUndo}
            onClick={() => chain().undo().run()}
          />
        </Tooltip>
        <Tooltip title={t('announcements:editor.redo')}>
          <Button
            type="text"
            size="small"
            icon={<RedoOutlined />}
            aria-label={t('announcements:editor.redo')}
            disabled={!state.canRedo}
            onClick={() => chain().redo().run()}
          />
        </Tooltip>
      </Space>
    </div>
  );
}

/** A link on the selection: the address is typed in a small popup (Enter applies, Esc closes). */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState(false);

  const openWith = (next: boolean) => {
    setOpen(next);
    if (next) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(false);
    }
  };
  const apply = () => {
    const address = href.trim();
    if (!LINK.test(address)) {
      setError(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    setOpen(false);
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={openWith}
      trigger="click"
      content={
        <Space orientation="vertical" size="small" className="announcement-editor__link">
          <Input
            autoFocus
            value={href}
            status={error ? 'error' : undefined}
            placeholder={t('announcements:editor.linkPlaceholder')}
            aria-label={t('announcements:editor.link')}
            onChange={(event) => {
              setHref(event.target.value);
              setError(false);
            }}
            onPressEnter={apply}
            data-testid="editor-link-input"
          />
          {error ? (
            <span className="announcement-editor__error" role="alert">
              {t('announcements:editor.linkInvalid')}
            </span>
          ) : null}
          <Space>
            <Button type="primary" size="small" onClick={apply} data-testid="editor-link-apply">
              {t('announcements:editor.linkApply')}
            </Button>
            {active ? (
              <Button size="small" onClick={remove}>
                {t('announcements:editor.linkRemove')}
              </Button>
            ) : null}
          </Space>
        </Space>
      }
    >
      <Tooltip title={t('announcements:editor.link')}>
        <Button
          type={active ? 'primary' : 'text'}
          ghost={active}
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('announcements:editor.link')}
          aria-pressed={active}
          data-testid="editor-link"
        />
      </Tooltip>
    </Popover>
  );
}
