import { homeSectionStrings } from './section-strings.ts';

const t = homeSectionStrings.stats;

/** The trust band 'Business Trust us' with SPEC §9's static figures. */
export function StatsBand() {
  return (
    <section aria-labelledby="stats-heading" className="bg-base-200 px-4 py-10 sm:py-12">
      <div className="mx-auto max-w-7xl text-center">
        <h2 id="stats-heading" className="mb-6 text-xl font-semibold">
          {t.heading}
        </h2>
        <dl className="stats stats-vertical w-full bg-base-100 shadow md:stats-horizontal">
          {t.items.map((item) => (
            <div key={item.title} className="stat place-items-center">
              <dt className="stat-title text-base-content/85">{item.title}</dt>
              <dd className="stat-value text-primary">{item.value}</dd>
              <dd className="stat-desc text-base-content/85">
                <span aria-hidden="true">{t.upArrow}</span> {item.delta}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
