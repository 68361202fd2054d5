import { useState } from 'react';
import { safeUrl } from '../lib/url';

interface BrandLogoProps {
  /** The profile's logo; the built-in mark is used when empty, unsafe or failing to load. */
  url?: string | null;
  alt: string;
  size?: number;
}

/** The product mark: the OEM logo when configured, else Lintel's own (a beam resting on two posts). */
export function BrandLogo({ url, alt, size = 32 }: BrandLogoProps) {
  const [failed, setFailed] = useState(false);
  const src = safeUrl(url);
  if (src && !failed) {
    return (
      <img
        className="brand-logo"
        src={src}
        alt={alt}
        height={size}
        style={{ height: size, width: 'auto', maxWidth: size * 4 }}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <svg
      className="brand-logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role="img"
      aria-label={alt}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="32" height="32" rx="7" fill="#1d63d8" />
      <rect x="6" y="8" width="20" height="4.5" rx="1" fill="#fff" />
      <rect x="8.5" y="14.5" width="4" height="10" rx="1" fill="#fff" opacity="0.85" />
      <rect x="19.5" y="14.5" width="4" height="10" rx="1" fill="#fff" opacity="0.85" />
    </svg>
  );
}
