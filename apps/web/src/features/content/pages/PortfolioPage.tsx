import { Link } from 'react-router';
import { contentStrings } from '../strings.ts';

const t = contentStrings.portfolio;

/** /myportfolio (SPEC §2): the developer's static profile. */
export default function PortfolioPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{t.title}</title>
      <header className="flex flex-col items-center gap-6 text-center sm:flex-row sm:items-center sm:text-left">
        <img
          src="/images/portfolio.svg"
          alt={t.portraitAlt}
          width={400}
          height={400}
          className="size-40 shrink-0 rounded-full border-4 border-base-300 bg-base-200 sm:size-48"
        />
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t.name}</h1>
          <p className="mt-1 text-lg font-semibold">{t.role}</p>
          <p className="mt-3 max-w-prose leading-relaxed">{t.summary}</p>
        </div>
      </header>

      <section aria-labelledby="portfolio-skills" className="mt-12">
        <h2 id="portfolio-skills" className="text-xl font-semibold">
          {t.skillsHeading}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {t.skills.map((skill) => (
            <li key={skill} className="badge badge-outline badge-lg h-auto py-1">
              {skill}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="portfolio-education" className="mt-12">
        <h2 id="portfolio-education" className="text-xl font-semibold">
          {t.educationHeading}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {t.education.map((entry) => (
            <li key={entry.title} className="rounded-box border border-base-300 bg-base-200 p-5">
              <h3 className="text-lg font-semibold">{entry.title}</h3>
              <p>
                {entry.place} · {entry.years}
              </p>
              <p className="mt-2">{entry.note}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="portfolio-projects" className="mt-12">
        <h2 id="portfolio-projects" className="text-2xl font-bold">
          {t.projectsHeading}
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {t.projects.map((project) => (
            <li
              key={project.name}
              className="card border border-base-300 bg-base-200 text-base-content shadow-sm"
            >
              <div className="card-body p-5">
                <h3 className="card-title text-lg">{project.name}</h3>
                <p>{project.description}</p>
                <p className="text-sm">
                  <span className="font-semibold">{t.stackLabel}</span> {project.stack}
                </p>
                {project.link ? (
                  <Link to={project.link.to} className="link mt-2 font-semibold">
                    {project.link.label}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="portfolio-contact" className="mt-12">
        <h2 id="portfolio-contact" className="text-2xl font-bold">
          {t.contactHeading}
        </h2>
        <p className="mt-3">
          {t.contactText}{' '}
          <a href={`mailto:${t.email}`} className="link font-semibold wrap-anywhere">
            {t.email}
          </a>
          .
        </p>
      </section>
    </div>
  );
}
