import { TextWithCode } from '../components/TextWithCode.tsx';
import { contentStrings } from '../strings.ts';

const t = contentStrings.blogs;

/** /Blogs (SPEC §2): five static questions and answers about how the shop is built. */
export default function BlogsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <title>{t.title}</title>
      <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
      <p className="mt-3 max-w-prose text-lg">{t.intro}</p>
      <ol className="mt-8 grid gap-6">
        {t.posts.map((post, index) => (
          <li key={post.id}>
            <article
              aria-labelledby={`blog-${post.id}`}
              className="card border border-base-300 bg-base-200 text-base-content shadow-sm"
            >
              <div className="card-body gap-3 p-5 sm:p-7">
                <h2
                  id={`blog-${post.id}`}
                  className="card-title items-start text-lg font-semibold leading-snug"
                >
                  <span
                    aria-hidden="true"
                    className="badge badge-primary badge-lg shrink-0 font-bold"
                  >
                    {index + 1}
                  </span>
                  <span>{post.question}</span>
                </h2>
                <p className="text-base leading-relaxed">
                  <TextWithCode text={post.answer.join(' ')} />
                </p>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
