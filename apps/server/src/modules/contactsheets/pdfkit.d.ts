// The part of pdfkit (0.20, no bundled types) that pdf.ts uses.
declare module 'pdfkit' {
  interface PDFPage {
    width: number;
    height: number;
    margins: { top: number; bottom: number; left: number; right: number };
  }
  interface TextOptions {
    width?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    lineBreak?: boolean;
    characterSpacing?: number;
  }
  interface DocumentOptions {
    size?: string | [number, number];
    margins?: { top: number; bottom: number; left: number; right: number };
    bufferPages?: boolean;
    autoFirstPage?: boolean;
    font?: Buffer | string;
    info?: Record<string, string | Date>;
    lang?: string;
    displayTitle?: boolean;
  }
  class PDFDocument {
    constructor(options?: DocumentOptions);
    page: PDFPage;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    registerFont(name: string, src: Buffer | string): this;
    font(name: string | Buffer): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    widthOfString(text: string, options?: TextOptions): number;
    currentLineHeight(includeGap?: boolean): number;
    rect(x: number, y: number, width: number, height: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    fill(color?: string): this;
    addPage(options?: DocumentOptions): this;
    bufferedPageRange(): { start: number; count: number };
    switchToPage(index: number): this;
    end(): void;
  }
  export default PDFDocument;
}
