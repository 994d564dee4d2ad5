// A 1–5 star rating that looks like stars and is, for assistive tech and the keyboard, a group of
// native radio buttons: Tab reaches it, the arrow keys move and choose, each star says '1 stella'…'5 stelle'.
import { useId, useState } from "react";
import { StarFilledIcon, StarIcon } from "@radix-ui/react-icons";
import "./starRating.css";

const STARS = [1, 2, 3, 4, 5] as const;

const starLabel = (stars: number) => (stars === 1 ? "1 stella" : `${stars} stelle`);

type Props = {
  value: number | null;
  onChange: (stars: number) => void;
  /** The id of the text naming the group ('Valutazione'). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
};

export function StarRating({ value, onChange, labelledBy, describedBy, invalid }: Props) {
  const name = useId();
  // The stars a pointer hovers over light up before the choice.
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value ?? 0;
  return (
    <div
      role="radiogroup"
      className="star-rating"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      onPointerLeave={() => setPreview(null)}
    >
      {STARS.map((stars) => (
        <label key={stars} className="star-rating__star" data-lit={stars <= shown ? "" : undefined} onPointerEnter={() => setPreview(stars)}>
          <input
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            aria-label={starLabel(stars)}
            className="star-rating__input"
          />
          {stars <= shown ? <StarFilledIcon aria-hidden width={28} height={28} /> : <StarIcon aria-hidden width={28} height={28} />}
        </label>
      ))}
      <span className="star-rating__value" aria-hidden>
        {value === null ? "" : starLabel(value)}
      </span>
    </div>
  );
}
