import { COMMENT_MAX, RATING_MAX, RATING_MIN } from '@axle/contract/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { postReview, REVIEWS_KEY } from '../api.ts';
import { reviewsText as text } from '../strings.ts';

/** Who writes the review: shown on the page; the server takes them from the account anyway. */
export type Author = { name: string; img: string | null };

type Values = { rating: string; comment: string };
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MAX - i);
const reviewRules = () => import('../form-rules.ts').then((r) => r.reviewRules);
const blank: Values = { rating: '', comment: '' };

/** SPEC 'Add Review': the author, the note that it is public, rating and comment, Cancel and Post. */
export function ReviewForm({ author }: { author: Author }) {
  const queryClient = useQueryClient();
  // A new form (empty) after each posted review.
  const [round, setRound] = useState(0);
  const [added, setAdded] = useState(false);
  const post = useMutation({
    mutationFn: postReview,
    onMutate: () => setAdded(false),
    onSuccess: ({ insertedId }) => {
      if (!insertedId) return;
      setAdded(true);
      setRound((n) => n + 1);
      // The home page's carousel shows the new review first.
      void queryClient.invalidateQueries({ queryKey: REVIEWS_KEY });
    },
  });

  return (
    <div className="card max-w-xl bg-base-100 shadow ring-1 ring-base-300">
      <div className="card-body gap-4">
        <div className="flex items-center gap-4">
          <img
            src={author.img || text.defaultAvatar}
            alt={text.avatar(author.name)}
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-full object-cover ring-1 ring-base-300"
          />
          <p className="text-lg font-semibold break-words">{author.name}</p>
        </div>
        <p className="text-sm">{text.publicNote}</p>
        <Fields
          key={round}
          busy={post.isPending}
          onPost={(body) => {
            if (!post.isPending) post.mutate(body);
          }}
        />
        {post.isError ? <ErrorText alert>{post.error.message}</ErrorText> : null}
        <div role="status">{added ? <p className="font-semibold">{text.added}</p> : null}</div>
      </div>
    </div>
  );
}

function Fields({
  busy,
  onPost,
}: {
  busy: boolean;
  onPost: (body: { rating: number; comment: string }) => void;
}) {
  const { formState, register, watch, handleSubmit } = useShopForm(reviewRules, blank);
  const { errors } = formState;

  return (
    <form
      noValidate
      aria-label={text.formLabel}
      className="flex flex-col gap-4"
      onSubmit={handleSubmit(onPost)}
    >
      <Field id="review-rating" label={text.rating} error={errors.rating?.message}>
        {(control) => (
          <select
            {...control}
            {...register('rating')}
            required
            className={controlClass('select', errors.rating?.message)}
          >
            <option value="">{text.chooseRating}</option>
            {RATINGS.map((n) => (
              <option key={n} value={String(n)}>
                {text.stars(n)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="review-comment"
        label={text.comment}
        error={errors.comment?.message}
        hint={text.counter(watch('comment').length)}
      >
        {(control) => (
          <textarea
            {...control}
            {...register('comment')}
            required
            maxLength={COMMENT_MAX}
            rows={5}
            className={controlClass('textarea', errors.comment?.message)}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Link to="/dashboard" className="btn btn-ghost">
          {text.cancel}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? text.posting : text.post}
        </button>
      </div>
    </form>
  );
}
