import { paymentsText as text } from '../strings.ts';

/** The decorative sample card beside the form (SPEC 'Payment page'): pure CSS, hidden from readers. */
export function SampleCard() {
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto aspect-[1.586] w-full max-w-sm select-none overflow-hidden rounded-2xl bg-gradient-to-br from-slate-800 via-slate-700 to-slate-900 p-6 font-mono text-slate-100 shadow-lg"
    >
      <div className="absolute -top-10 -right-10 size-40 rounded-full bg-white/10" />
      <div className="absolute -bottom-16 -left-8 size-48 rounded-full bg-white/5" />
      <div className="relative flex h-full flex-col justify-between">
        <div className="flex items-start justify-between">
          <div className="h-8 w-11 rounded-md bg-gradient-to-br from-amber-200 to-amber-500" />
          <span className="font-sans text-sm font-bold tracking-widest">{text.sampleBrand}</span>
        </div>
        <p className="whitespace-nowrap text-base tracking-[0.12em] sm:text-xl sm:tracking-[0.2em]">
          {text.sampleNumber}
        </p>
        <div className="flex items-end justify-between text-xs tracking-wider">
          <span>{text.sampleHolder}</span>
          <span>{text.sampleExpiry}</span>
        </div>
      </div>
    </div>
  );
}
