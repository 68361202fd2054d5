/**
 * Extensions a system runs or a browser renders as active content when the file is opened. A stored name
 * is sent back in Content-Disposition and becomes the name on the user's disk, so whatever the bytes, a
 * file keeping one of these names is refused.
 */
const REFUSED_EXTENSIONS = new Set(
  [
    // markup a browser renders with its scripts
    'htm html xhtml xht shtml mht mhtml svg svgz xml xsl xslt hta',
    // scripts
    'js mjs cjs jse vbs vbe vb wsf wsh ws ps1 psm1 psd1 bat cmd sh bash zsh csh ksh command',
    'php phtml asp aspx jsp py pyw pl rb applescript scpt',
    // executables, installers, shortcuts
    'exe com scr pif cpl dll sys msi msp mst msix appx jar apk ipa app deb rpm dmg pkg run elf appimage',
    'lnk url reg inf scf desktop gadget swf chm library-ms settingcontent-ms',
  ].flatMap((line) => line.split(' ')),
);

/** The extension Windows would see: trailing dots and spaces are dropped by the file system. */
export function fileExtension(name: string): string {
  const trimmed = name.replace(/[.\s]+$/, '');
  const dot = trimmed.lastIndexOf('.');
  return dot < 0 ? '' : trimmed.slice(dot + 1).toLowerCase();
}

export function isRefusedName(name: string): boolean {
  return REFUSED_EXTENSIONS.has(fileExtension(name));
}
