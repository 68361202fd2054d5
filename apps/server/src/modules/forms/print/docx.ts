import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

/**
 * Word print templates (issue 18): recognising a .docx by its content and filling its placeholders.
 *
 * Filling never runs code from a template: docxtemplater is used with a parser of our own that only looks a
 * tag up as an own property of the data (no expressions, no angular-expressions, no prototype chain, so
 * `{constructor}` or `{{7*7}}` print nothing or refuse the template, they never evaluate).
 */

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type DocxProblem = 'notWord' | 'macros';

/**
 * What an upload is, by its bytes (never by its name): a zip holding word/document.xml. Excel (.xlsx: xl/),
 * the old binary .doc, PDFs and anything else are not Word; a macro-enabled document (.docm) is refused too,
 * since we would hand its macros to everyone who prints.
 */
export function checkWordFile(bytes: Buffer): DocxProblem | null {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    return 'notWord';
  }
  if (!zip.file('word/document.xml')) return 'notWord';
  if (zip.file('word/vbaProject.bin')) return 'macros';
  return null;
}

/** A picture to place where an image placeholder `{@key}` stands. */
export interface PrintImage {
  bytes: Buffer;
  /** 'png' | 'jpeg' | 'gif' */
  extension: string;
  widthPx: number;
  heightPx: number;
}

/** A value of the data: text, a list of rows for a loop, or pictures for a `{@key}` placeholder. */
export type PrintValue = string | PrintRow[] | PrintPictures;
export interface PrintRow {
  [key: string]: PrintValue;
}
/** Pictures, marked so that the parser knows to turn them into drawing XML. */
export class PrintPictures {
  constructor(readonly images: readonly PrintImage[]) {}
}

export class TemplateProblem extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** The first few explanations docxtemplater gives for a template it cannot use (unclosed tags, …). */
function explain(error: unknown): string {
  const props = (error as { properties?: { errors?: unknown[]; explanation?: string } }).properties;
  const list = props?.errors ?? [error];
  return list
    .slice(0, 3)
    .map((item) => {
      const p = (item as { properties?: { explanation?: string } }).properties;
      return p?.explanation ?? (item instanceof Error ? item.message : String(item));
    })
    .join('; ')
    .slice(0, 300);
}

/** 1 px at 96 dpi in EMU (English Metric Units, Word's drawing unit). */
const EMU_PER_PX = 9525;
/** A picture never wider than this in the printout (about 16 cm, a portrait A4 page within its margins). */
const MAX_WIDTH_PX = 600;

/**
 * Adds each picture to the package (word/media, a relationship, its content type) and answers the
 * paragraph of inline drawings that stands for them. All XML here is ours: no user text goes into it.
 */
function pictureParagraph(zip: PizZip, pictures: PrintPictures, counter: { n: number }): string {
  const relsPath = 'word/_rels/document.xml.rels';
  let rels = zip.file(relsPath)?.asText() ?? '';
  let types = zip.file('[Content_Types].xml')?.asText() ?? '';
  const runs: string[] = [];
  for (const image of pictures.images) {
    counter.n += 1;
    const id = `rIdLintelPrint${counter.n}`;
    const name = `lintel-print-${counter.n}.${image.extension}`;
    zip.file(`word/media/${name}`, image.bytes);
    rels = rels.replace(
      '</Relationships>',
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/${name}"/></Relationships>`,
    );
    if (!types.includes(`Extension="${image.extension}"`)) {
      types = types.replace(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="${image.extension}" ContentType="image/${image.extension}"/>`,
      );
    }
    const scale = Math.min(1, MAX_WIDTH_PX / Math.max(1, image.widthPx));
    const cx = Math.round(image.widthPx * scale * EMU_PER_PX);
    const cy = Math.round(image.heightPx * scale * EMU_PER_PX);
    runs.push(
      `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${90000 + counter.n}" name="${name}"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${counter.n}" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${id}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`,
    );
  }
  zip.file(relsPath, rels);
  zip.file('[Content_Types].xml', types);
  return `<w:p xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">${runs.join('')}</w:p>`;
}

function options(zip: PizZip | null) {
  const counter = { n: 0 };
  return {
    paragraphLoop: true,
    // Its own console output of template errors: we answer them as 400 instead.
    errorLogging: false,
    linebreaks: true,
    // A placeholder without a value prints nothing (never the word "undefined").
    nullGetter: () => '',
    parser(tag: string) {
      const name = tag.trim();
      return {
        get(scope: unknown): unknown {
          if (name === '.') return scope;
          if (typeof scope !== 'object' || scope === null || !Object.hasOwn(scope, name)) return undefined;
          const value = (scope as Record<string, unknown>)[name];
          if (value instanceof PrintPictures) {
            // Only `{@key}` (raw XML) places pictures; as text they print nothing.
            return zip && value.images.length > 0 ? pictureParagraph(zip, value, counter) : '';
          }
          return value;
        },
      };
    },
  };
}

/** Refuses a template docxtemplater cannot read (unbalanced tags, a loop never closed). */
export function compileTemplate(bytes: Buffer): void {
  try {
    new Docxtemplater(new PizZip(bytes), options(null));
  } catch (error) {
    throw new TemplateProblem(explain(error));
  }
}

/** The template filled with `data`: a new .docx. */
export function fillTemplate(bytes: Buffer, data: PrintRow): Buffer {
  const zip = new PizZip(bytes);
  try {
    const doc = new Docxtemplater(zip, options(zip));
    doc.render(data);
    return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  } catch (error) {
    throw new TemplateProblem(explain(error));
  }
}
