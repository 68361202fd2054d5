import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '@lintel/contracts';
import {
  type ContactSheet,
  type ContactSheetAction,
  type ContactSheetUser,
  contactSheetTypeLabel,
} from '@lintel/contracts/contactsheets';

/**
 * The printable contact sheet: A4, laid out like a formal site document (project name, the kind as title,
 * a bordered table of the header fields, the content, attachments, replies and the circulation record,
 * "第 1 页 / 共 N 页" on every page). Chinese text needs a CJK font, and the machine has none: the font comes
 * from the npm package @embedpdf/fonts-sc (Noto Sans Hans, GB2312 coverage, OFL-1.1, OpenType/CFF), found
 * next to the package's entry point at run time so that the bundle in dist/ finds it in node_modules too.
 * pdfkit embeds only the glyphs used (a subset), so a sheet stays around 100–200 KB.
 */

const FONT_PACKAGE = '@embedpdf/fonts-sc';
const FONT_FILES = { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' } as const;

/**
 * A font as fontkit parsed it. pdfkit 0.20 takes one wherever it takes a font's bytes (its CHANGELOG:
 * "Accept already-parsed fontkit Font instances in doc.font() and registerFont"); @types/pdfkit 0.17 knows
 * only bytes, hence the casts where one is handed over.
 */
interface ParsedFont {
  postscriptName: string;
  layout(text: string): unknown;
}

interface Fonts {
  regular: ParsedFont;
  bold: ParsedFont;
}

let fontsLoading: Promise<Fonts> | null = null;

/** The font files' folder: `fonts/` beside the package's `dist/` (its exports name no other path). */
export function fontDirectory(): string {
  const entry = createRequire(import.meta.url).resolve(FONT_PACKAGE);
  return join(dirname(entry), '..', 'fonts');
}

/** fontkit as pdfkit loads it (pdfkit's dependency, resolved from pdfkit's own folder). */
function pdfkitsFontkit(): { create(bytes: Uint8Array): ParsedFont } {
  const requireHere = createRequire(import.meta.url);
  return createRequire(requireHere.resolve('pdfkit'))('fontkit');
}

/**
 * Read (8 MB each) and parsed once per process, on the first PDF, and kept. Parsing is what a PDF cost:
 * pdfkit parses a font it is given as bytes again for every document (its CFF table, most of a second per
 * PDF on this font); a parsed font is only subset per document (every PDF embeds its own subset). The
 * parsed font also keeps the glyphs it has decoded, so later PDFs reuse them.
 */
function loadFonts(): Promise<Fonts> {
  fontsLoading ??= (async () => {
    const directory = fontDirectory();
    const [regular, bold] = await Promise.all([
      readFile(join(directory, FONT_FILES.regular)),
      readFile(join(directory, FONT_FILES.bold)),
    ]);
    const fontkit = pdfkitsFontkit();
    return { regular: fontkit.create(regular), bold: fontkit.create(bold) };
  })().catch((error: unknown) => {
    fontsLoading = null;
    throw error;
  });
  return fontsLoading;
}

// ── texts ────────────────────────────────────────────────────────────────────────────────────────────────

interface Labels {
  number: string;
  sentAt: string;
  senderUnit: string;
  sender: string;
  receivers: string;
  cc: string;
  replyNeeded: string;
  yes: string;
  no: string;
  deadline: (date: string) => string;
  subject: string;
  links: string;
  model: string;
  viewport: string;
  selectionSet: string;
  content: string;
  attachments: string;
  none: string;
  replies: string;
  circulation: string;
  time: string;
  person: string;
  action: string;
  recalled: string;
  page: (page: number, pages: number) => string;
  actions: Record<ContactSheetAction, string>;
  /** How the people of a send or forward are joined. */
  to: string;
  listSeparator: string;
  /** Between a label and its text inside a cell. */
  colon: string;
  timeZone: string;
}

const LABELS: Record<Language, Labels> = {
  'zh-CN': {
    number: '编号',
    sentAt: '发送时间',
    senderUnit: '发送单位',
    sender: '发送人',
    receivers: '接收人',
    cc: '抄送',
    replyNeeded: '是否需要回复',
    yes: '是',
    no: '否',
    deadline: (date) => `（回复期限：${date}）`,
    subject: '主题',
    links: '关联模型',
    model: '模型',
    viewport: '视点',
    selectionSet: '选择集',
    content: '内容',
    attachments: '附件',
    none: '无',
    replies: '回复',
    circulation: '流转记录',
    time: '时间',
    person: '人员',
    action: '操作',
    recalled: '（已撤回）',
    page: (page, pages) => `第 ${page} 页 / 共 ${pages} 页`,
    actions: {
      send: '发送',
      read: '阅读',
      reply: '回复',
      forward: '转发',
      recall: '撤回',
      edit: '修改',
      resend: '重新发送',
    },
    to: '给',
    listSeparator: '、',
    colon: '：',
    timeZone: '（北京时间）',
  },
  'en-US': {
    number: 'No.',
    sentAt: 'Sent at',
    senderUnit: 'Sender unit',
    sender: 'Sender',
    receivers: 'Receivers',
    cc: 'Cc',
    replyNeeded: 'Reply needed',
    yes: 'Yes',
    no: 'No',
    deadline: (date) => ` (reply by ${date})`,
    subject: 'Subject',
    links: 'Linked model',
    model: 'Model',
    viewport: 'Viewport',
    selectionSet: 'Selection set',
    content: 'Content',
    attachments: 'Attachments',
    none: 'None',
    replies: 'Replies',
    circulation: 'Circulation record',
    time: 'Time',
    person: 'Person',
    action: 'Action',
    recalled: ' (recalled)',
    page: (page, pages) => `Page ${page} of ${pages}`,
    actions: {
      send: 'Sent',
      read: 'Read',
      reply: 'Replied',
      forward: 'Forwarded',
      recall: 'Recalled',
      edit: 'Edited',
      resend: 'Sent again',
    },
    to: 'to',
    listSeparator: ', ',
    colon: ': ',
    timeZone: ' (UTC+8)',
  },
};

/** Times print in China Standard Time (UTC+8, no daylight saving), the site's clock. */
export function printTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 8 * 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 16).replace('T', ' ');
}

/** A file size for people: 980 B, 12.3 KB, 4.5 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const nameOf = (user: ContactSheetUser | null) => (user ? user.nickName || user.name : '');

// ── layout ───────────────────────────────────────────────────────────────────────────────────────────────

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 50, bottom: 60, left: 50, right: 50 };
const FOOTER_Y = A4.height - 40;
const BODY = 10.5;
const LINE = 16;
const PAD = 5;
const LABEL_FILL = '#f2f2f2';
const BORDER = '#555555';

/** Latin words keep together (with their trailing spaces); everything else wraps per character. */
const TOKENS = /[\p{Script=Latin}\p{N}_\-.,;:!?'"()[\]{}@#$%&*+=/\\<>~`|^]+\s*|\s+|./gsu;

interface Cell {
  text: string;
  width: number;
  label?: boolean;
  bold?: boolean;
}

class Layout {
  y = MARGIN.top;
  readonly left = MARGIN.left;
  readonly width = A4.width - MARGIN.left - MARGIN.right;
  private readonly bottom = A4.height - MARGIN.bottom;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** Token widths by font and size (see measure). */
  private readonly widths = new Map<string, number>();
  private current = '';

  private font(bold: boolean, size = BODY): void {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(size);
    this.current = `${bold ? 'bold' : 'regular'}:${size}`;
  }

  /**
   * The width of a token in the current font, summed per token and cached: laying out whole lines again
   * for every character (pdfkit's widthOfString shapes the text each time) made a long sheet take seconds.
   * CJK text has no kerning, and a Latin word is measured whole, so the sum is what pdfkit draws.
   */
  private measure(token: string): number {
    const key = `${this.current}\u0000${token}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.widthOfString(token);
      this.widths.set(key, width);
    }
    return width;
  }

  /** The text as lines no wider than `width` (in the current font). */
  wrap(text: string, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      let lineWidth = 0;
      const push = () => {
        lines.push(line.trimEnd());
        line = '';
        lineWidth = 0;
      };
      for (const token of paragraph.match(TOKENS) ?? []) {
        const tokenWidth = this.measure(token);
        const visible = this.measure(token.trimEnd());
        if (lineWidth + visible <= width) {
          line += token;
          lineWidth += tokenWidth;
          continue;
        }
        if (line.trim() !== '') push();
        line = '';
        lineWidth = 0;
        const trimmed = token.trimStart();
        if (this.measure(trimmed.trimEnd()) <= width) {
          line = trimmed;
          lineWidth = this.measure(trimmed);
          continue;
        }
        for (const character of trimmed) {
          const characterWidth = this.measure(character);
          if (line !== '' && lineWidth + characterWidth > width) push();
          line += character;
          lineWidth += characterWidth;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  /** Room for `height` on this page, or a new page. */
  private ensure(height: number): void {
    if (this.y + height > this.bottom && this.y > MARGIN.top) this.newPage();
  }

  private line(text: string, x: number, y: number): void {
    this.doc.text(text, x, y, { lineBreak: false });
  }

  centered(text: string, size: number, bold: boolean, gapAfter: number): void {
    this.font(bold, size);
    for (const line of this.wrap(text, this.width)) {
      this.ensure(size * 1.5);
      this.line(line, this.left + (this.width - this.doc.widthOfString(line)) / 2, this.y);
      this.y += size * 1.5;
    }
    this.y += gapAfter;
  }

  /** One bordered table row; label cells shaded. A row never splits across pages. */
  row(cells: Cell[]): void {
    const wrapped = cells.map((cell) => {
      this.font(cell.bold ?? cell.label ?? false);
      return this.wrap(cell.text, cell.width - 2 * PAD);
    });
    const most = Math.max(...wrapped.map((lines) => lines.length));
    const maxLines = Math.floor((this.bottom - MARGIN.top - 2 * PAD) / LINE);
    const height = Math.min(most, maxLines) * LINE + 2 * PAD;
    this.ensure(height);
    let x = this.left;
    cells.forEach((cell, index) => {
      if (cell.label) this.doc.rect(x, this.y, cell.width, height).fill(LABEL_FILL);
      this.doc.lineWidth(0.6).strokeColor(BORDER).rect(x, this.y, cell.width, height).stroke();
      this.doc.fillColor('#000000');
      this.font(cell.bold ?? cell.label ?? false);
      (wrapped[index] ?? []).slice(0, maxLines).forEach((text, lineIndex) => {
        this.line(text, x + PAD, this.y + PAD + lineIndex * LINE + 2);
      });
      x += cell.width;
    });
    this.y += height;
  }

  /** A label/value row across the full width (label 90 pt), or two pairs side by side. */
  fields(pairs: Array<[string, string]>): void {
    const labelWidth = 90;
    const valueWidth = (this.width - labelWidth * pairs.length) / pairs.length;
    this.row(
      pairs.flatMap(([label, value]) => [
        { text: label, width: labelWidth, label: true },
        { text: value, width: valueWidth },
      ]),
    );
  }

  /** A shaded heading row across the full width. */
  heading(text: string): void {
    this.row([{ text, width: this.width, label: true }]);
  }

  /** Long text in a bordered box that continues on the next pages, its border drawn per page. */
  box(text: string, bold = false): void {
    this.font(bold);
    const lines = this.wrap(text, this.width - 2 * PAD);
    this.ensure(LINE + 2 * PAD);
    let top = this.y;
    this.y += PAD;
    const close = () => {
      this.doc
        .lineWidth(0.6)
        .strokeColor(BORDER)
        .rect(this.left, top, this.width, this.y + PAD - top)
        .stroke();
      this.y += PAD;
    };
    for (const text of lines) {
      if (this.y + LINE > this.bottom) {
        close();
        this.newPage();
        this.font(bold);
        top = this.y;
        this.y += PAD;
      }
      this.doc.fillColor('#000000');
      this.line(text, this.left + PAD, this.y + 2);
      this.y += LINE;
    }
    close();
  }

  /** "第 n 页 / 共 N 页" at the foot of every page (the pages are buffered until now). */
  pageNumbers(label: (page: number, pages: number) => string): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let index = start; index < start + count; index += 1) {
      this.doc.switchToPage(index);
      // Writing below the bottom margin would otherwise start a new page.
      this.doc.page.margins.bottom = 0;
      this.font(false, 9);
      const text = label(index - start + 1, count);
      this.doc.fillColor('#333333');
      this.line(text, (A4.width - this.doc.widthOfString(text)) / 2, FOOTER_Y);
    }
  }
}

// ── the document ─────────────────────────────────────────────────────────────────────────────────────────

function actionText(entry: ContactSheet['circulation'][number], t: Labels): string {
  const people = entry.users.map(nameOf).join(t.listSeparator);
  let text = t.actions[entry.action];
  if (people) text += ` ${t.to} ${people}`;
  if (entry.remark && entry.action !== 'reply') text += `${t.colon}${entry.remark}`;
  return text;
}

function draw(layout: Layout, sheet: ContactSheet, projectName: string, language: Language): void {
  const t = LABELS[language];
  const kind = contactSheetTypeLabel(sheet.type, language);
  if (projectName) layout.centered(projectName, 15, true, 2);
  // A formal Chinese title is spaced out: 工 作 联 系 单.
  const title = language === 'zh-CN' ? [...kind].join(' ') : kind;
  layout.centered(`${title}${sheet.status === 'recalled' ? t.recalled : ''}`, 20, true, 10);

  const people = (users: ContactSheetUser[]) => users.map(nameOf).join(t.listSeparator) || t.none;
  layout.fields([
    [t.number, sheet.number],
    [t.sentAt, `${printTime(sheet.sentAt)}${t.timeZone}`],
  ]);
  layout.fields([
    [t.senderUnit, sheet.senderUnit || t.none],
    [t.sender, nameOf(sheet.sender)],
  ]);
  layout.fields([[t.receivers, people(sheet.receiverUsers)]]);
  layout.fields([[t.cc, people(sheet.ccUsers)]]);
  const deadline = sheet.replyNeeded && sheet.replyDeadline ? t.deadline(sheet.replyDeadline) : '';
  layout.fields([[t.replyNeeded, `${sheet.replyNeeded ? t.yes : t.no}${deadline}`]]);
  layout.fields([[t.subject, sheet.title]]);
  const links = [
    [t.model, sheet.modelId],
    [t.viewport, sheet.viewportId],
    [t.selectionSet, sheet.selectionSetId],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]));
  if (links.length > 0) {
    layout.fields([
      [t.links, links.map(([label, value]) => `${label}${t.colon}${value}`).join(t.listSeparator)],
    ]);
  }

  layout.heading(t.content);
  layout.box(sheet.content);

  const files = (list: ContactSheet['attachments']) =>
    list.map((file, index) => `${index + 1}. ${file.name} (${fileSize(file.size)})`).join('\n');
  layout.fields([[t.attachments, files(sheet.attachments) || t.none]]);

  layout.heading(t.replies);
  if (sheet.replies.length === 0) layout.box(t.none);
  for (const reply of sheet.replies) {
    const attached = files(reply.attachments);
    layout.row([
      { text: nameOf(reply.user), width: 140, bold: true },
      { text: `${printTime(reply.createdAt)}${t.timeZone}`, width: layout.width - 140 },
    ]);
    layout.box(attached ? `${reply.content}\n${t.attachments}${t.colon}\n${attached}` : reply.content);
  }

  layout.heading(t.circulation);
  const widths = [120, 100, layout.width - 220];
  layout.row([
    { text: t.time, width: widths[0] as number, label: true },
    { text: t.person, width: widths[1] as number, label: true },
    { text: t.action, width: widths[2] as number, label: true },
  ]);
  for (const entry of sheet.circulation) {
    layout.row([
      { text: printTime(entry.at), width: widths[0] as number },
      { text: nameOf(entry.actor), width: widths[1] as number },
      { text: actionText(entry, t), width: widths[2] as number },
    ]);
  }
  layout.pageNumbers(t.page);
}

/** The sheet as a PDF (labels in `language`). */
export async function renderContactSheetPdf(
  sheet: ContactSheet,
  projectName: string,
  language: Language,
): Promise<Buffer> {
  const [{ default: PdfDocument }, fonts] = await Promise.all([import('pdfkit'), loadFonts()]);
  const options: Omit<PDFKit.PDFDocumentOptions, 'font'> & { font: ParsedFont } = {
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    // The CJK font from the start: the default (Helvetica) would be loaded for nothing.
    font: fonts.regular,
    lang: language,
    displayTitle: true,
    info: {
      Title: `${sheet.number} ${sheet.title}`,
      Author: nameOf(sheet.sender),
      Subject: contactSheetTypeLabel(sheet.type, language),
      Creator: 'Lintel',
    },
  };
  // pdfkit hands `font` to doc.font(), which takes a parsed font (see ParsedFont); its types say a name.
  const doc = new PdfDocument(options as unknown as PDFKit.PDFDocumentOptions);
  doc.registerFont('regular', fonts.regular as unknown as Uint8Array);
  doc.registerFont('bold', fonts.bold as unknown as Uint8Array);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(new Layout(doc), sheet, projectName, language);
  doc.end();
  return finished;
}
