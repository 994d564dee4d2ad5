// A choice among a list, drawn by the browser's own <select> in Radix Themes' look (a size-3 surface
// field). Used where a page's first load matters: Radix's Select brings its popper, scroll area and
// positioning engine (about 30 KB compressed), the native one nothing, and on a phone it opens the
// system's own picker. Groups are <optgroup>s, which assistive technology announces as groups.
import type { ReactNode, SelectHTMLAttributes } from "react";
import { ChevronDownIcon } from "@radix-ui/react-icons";
import "./nativeSelect.css";

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  /** The accessible name: the select has no visible label of its own. */
  "aria-label": string;
  children: ReactNode;
};

export function NativeSelect({ value, onValueChange, style, className, ...rest }: Props) {
  return (
    <span className={["native-select", className].filter(Boolean).join(" ")} style={style}>
      <select {...rest} value={value} onChange={(event) => onValueChange(event.target.value)} />
      <ChevronDownIcon className="native-select-icon" aria-hidden />
    </span>
  );
}
