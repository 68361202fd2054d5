import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A quick pass over the whole IFC before web-ifc parses it. web-ifc 0.0.77 spins for minutes on a file that
 * ends inside a string or a comment (an unbalanced quote anywhere), so such files are refused here with
 * the line where the string began; and whether an IFCPROJECT exists tells an empty model from a broken one.
 */

export interface ScanResult {
  /** An `IFCPROJECT(` entity outside strings and comments. */
  project: boolean;
  /** Where the file ends inside something unclosed, in words; null when all is closed. */
  unclosed: string | null;
}

const CHUNK = 4 * 1024 * 1024;

const QUOTE = 0x27; // '
const SLASH = 0x2f; // /
const STAR = 0x2a; // *
const NEWLINE = 0x0a;
const PROJECT = Buffer.from('IFCPROJECT(');

/** `previous` after the quote that closed a string (no byte has this value). */
const CLOSED_STRING = -2;

type State = 'code' | 'string' | 'comment';

export function scanIfcFile(path: string): ScanResult {
  const fd = openSync(path, 'r');
  try {
    const buffer = new Uint8Array(CHUNK);
    const scanner = new Scanner();
    let offset = 0;
    for (;;) {
      const count = readSync(fd, buffer, 0, CHUNK, offset);
      if (count === 0) break;
      scanner.feed(buffer.subarray(0, count));
      offset += count;
    }
    return scanner.result();
  } finally {
    closeSync(fd);
  }
}

/** The STEP lexer's states, byte by byte (IFC text is ASCII; other bytes are only ever inside strings). */
export class Scanner {
  private state: State = 'code';
  private line = 1;
  private openedAt = 0;
  /** The previous byte, for the two-byte tokens `''`, `/*` and `*\/` split across chunks. */
  private previous = -1;
  /** How much of `IFCPROJECT(` the latest code bytes matched. */
  private matched = 0;
  private project = false;

  feed(bytes: Uint8Array): void {
    let { state, line, previous, matched } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number;
      if (byte === NEWLINE) line++;
      if (state === 'code') {
        if (byte === QUOTE) {
          state = 'string';
          // A quote right after a closing one is an escaped quote: the same string goes on.
          if (previous !== CLOSED_STRING) this.openedAt = line;
          previous = -1;
          matched = 0;
          continue;
        }
        if (byte === STAR && previous === SLASH) {
          state = 'comment';
          this.openedAt = line;
          previous = -1;
          matched = 0;
          continue;
        }
        if (!this.project) {
          matched = byte === PROJECT[matched] ? matched + 1 : byte === PROJECT[0] ? 1 : 0;
          if (matched === PROJECT.length) this.project = true;
        }
      } else if (state === 'string') {
        // `''` inside a string is an escaped quote: the first quote ends the string for now, and the code
        // state reopens it at once when a second quote follows.
        if (byte === QUOTE) {
          state = 'code';
          previous = CLOSED_STRING;
          continue;
        }
      } else if (byte === SLASH && previous === STAR) {
        state = 'code';
        previous = -1;
        continue;
      }
      previous = byte;
    }
    this.state = state;
    this.line = line;
    this.previous = previous;
    this.matched = matched;
  }

  result(): ScanResult {
    const unclosed =
      this.state === 'string'
        ? `a string opened on line ${this.openedAt} is never closed`
        : this.state === 'comment'
          ? `a comment opened on line ${this.openedAt} is never closed`
          : null;
    return { project: this.project, unclosed };
  }
}
