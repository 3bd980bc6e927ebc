import { Link } from 'react-router';
import { contentStrings } from '../strings.ts';

const t = contentStrings.notFound;

/** Any unknown path (SPEC §2): a full-screen 404 image, outside the navbar and footer. */
export default function NotFoundPage() {
  return (
    <main className="relative h-dvh min-h-96 w-full overflow-hidden bg-base-100 text-base-content">
      <title>{t.title}</title>
      <h1 className="sr-only">{t.heading}</h1>
      <img
        src="/images/not-found.svg"
        alt={t.imageAlt}
        width={1200}
        height={800}
        className="absolute inset-0 h-full w-full object-contain"
      />
      <div className="absolute inset-x-0 bottom-6 flex justify-center sm:bottom-10">
        <Link to="/" className="btn btn-primary btn-lg shadow-lg">
          {t.backHome}
        </Link>
      </div>
    </main>
  );
}
