import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FacebookIcon, XIcon, YoutubeIcon } from '../../components/ui/social-icons.tsx';
import { newsletterText } from '../../features/newsletter/strings.ts';
import { footerText } from './footer-strings.ts';

const text = footerText;

// The sign-up form brings the form pattern (react-hook-form, about 12 KB gzipped) to every page:
// it comes when its place in the footer is about to scroll into view, not while the page loads.
const NewsletterForm = lazy(() =>
  import('../../features/newsletter/components/NewsletterForm.tsx').then((module) => ({
    default: module.NewsletterForm,
  })),
);

function NewsletterSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setShown(true);
        observer.disconnect();
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={slot} className="min-h-28 w-full max-w-sm">
      {shown ? (
        <Suspense fallback={null}>
          <NewsletterForm />
        </Suspense>
      ) : null}
    </div>
  );
}

/** An item links where the shop has a page for it; the rest are plain text, never empty links. */
type Item = { label: string; to?: string };

const groups: { title: string; items: Item[] }[] = [
  {
    title: text.services,
    items: [
      { label: text.partsCatalogue, to: '/parts' },
      { label: text.orderTracking, to: '/dashboard/myorder2' },
      { label: text.bulkOrders },
    ],
  },
  {
    title: text.company,
    items: [
      { label: text.blogs, to: '/Blogs' },
      { label: text.portfolio, to: '/myportfolio' },
      { label: text.createAccount, to: '/register' },
    ],
  },
  {
    title: text.legal,
    items: [{ label: text.terms }, { label: text.privacy }, { label: text.cookies }],
  },
];

const social: { label: string; href: string; icon: ReactNode }[] = [
  { label: text.facebook, href: 'https://www.facebook.com/', icon: <FacebookIcon /> },
  { label: text.x, href: 'https://x.com/', icon: <XIcon /> },
  { label: text.youtube, href: 'https://www.youtube.com/', icon: <YoutubeIcon /> },
];

/** SPEC 'Footer': link groups, the newsletter sign-up, copyright with this year, social icons. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-base-300 bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map((group) => (
          <section key={group.title} aria-labelledby={`footer-${group.title}`}>
            <h2 id={`footer-${group.title}`} className="mb-3 text-sm font-bold uppercase">
              {group.title}
            </h2>
            <ul className="flex flex-col gap-2">
              {group.items.map((item) => (
                <li key={item.label}>
                  {item.to ? (
                    <Link to={item.to} className="link">
                      {item.label}
                    </Link>
                  ) : (
                    item.label
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="mb-3 text-sm font-bold uppercase">
            {newsletterText.heading}
          </h2>
          <NewsletterSlot />
        </section>
      </div>
      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 sm:flex-row">
          <p className="text-sm">{text.copyright(year)}</p>
          <ul aria-label={text.social} className="flex gap-4">
            {social.map((network) => (
              <li key={network.label}>
                <a
                  href={network.href}
                  aria-label={network.label}
                  rel="noopener noreferrer"
                  className="btn btn-ghost btn-circle btn-sm"
                >
                  {network.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
