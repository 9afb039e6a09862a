export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
      <path d="M6 12l10 4 10-4-10 12z" fill="#fff" />
    </svg>
  );
}

/** The logo with the product name (the name is the accessible text). */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__name">Tern</span>
    </span>
  );
}
