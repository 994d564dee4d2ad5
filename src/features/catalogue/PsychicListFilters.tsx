import { useId, useState, type ReactNode } from "react";
import { Box, Button, Checkbox, Flex, Grid, Text, TextField } from "@radix-ui/themes";
import { MagnifyingGlassIcon, MixerHorizontalIcon } from "@radix-ui/react-icons";
import { consultationTypes, type ConsultationType } from "@convex/framework/validators";
import { consultationTypeWords } from "@convex/model/bookings";
import { listOrders, ORDER_LABELS, type ListOrder } from "@convex/model/catalogueOrder";
import { formatCents } from "@convex/model/format";
import { CONSULTATION_TYPE_PARAM } from "@/lib/catalogue/consultationTypeParam";
import { PRICE_CAPS, PRICE_PARAM } from "@/lib/catalogue/catalogueQuestion";
import { NativeSelect } from "@/components/form/NativeSelect";

const ALL = "all";

/** What the list's controls show; every value lives in the address (PsychicListPage). */
type ListChoices = {
  search: string;
  topic: string | null;
  specialty: string | null;
  consultationType: ConsultationType | null;
  /** The price cap, cents a minute; null for any price. */
  maxCentsPerMinute: number | null;
  availableToday: boolean;
  order: ListOrder;
};

type Props = ListChoices & {
  specialties: readonly string[];
  specializations: readonly string[];
  onChange: (changes: Record<string, string | null>) => void;
  /** What the list found ('8 cartomanti'), said beside 'Disponibili oggi'; none while loading or empty. */
  found?: ReactNode;
  /** The address opened the list with a folded choice made (the filters start unfolded on a phone). */
  openedFiltered?: boolean;
};

/** Order names in the menu start with a capital: 'Prima disponibilità'. */
const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase("it") + text.slice(1);

/**
 * The list's search and filters: words, a topic ('Ambito'), a technique ('Tecnica') as two separate choices,
 * the consultation type ('Tipo di consulto': voice or chat), 'Disponibili oggi', the price a minute and the order. Each control is
 * labelled; the native selects open the phone's own picker.
 */
export function PsychicListFilters({
  search,
  topic,
  specialty,
  consultationType,
  maxCentsPerMinute,
  availableToday,
  order,
  specialties,
  specializations,
  onChange,
  found = null,
  openedFiltered = false,
}: Props) {
  const filtersId = useId();
  // How many of the folded choices differ from their default, said on the phone's 'Filtri'.
  const chosen = [topic, specialty, consultationType, maxCentsPerMinute].filter((value) => value !== null).length + (order === "rating" ? 0 : 1);
  // A list opened already filtered (a home page topic, a shared link) shows what filters it, whether or not the
  // options offered have come yet.
  const [filtersOpen, setFiltersOpen] = useState(openedFiltered || chosen > 0);
  return (
    <Flex direction="column" gap="3" role="search" aria-label="Cerca cartomanti">
      <TextField.Root
        type="search"
        size="3"
        placeholder="Cerca per nome, tecnica o quello che ti sta a cuore (es. soldi, lavoro, amore)"
        aria-label="Cerca cartomanti"
        value={search}
        onChange={(event) => onChange({ q: event.target.value })}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      {/* 'Disponibili oggi' and the count always in sight; on a phone the other filters and the order fold behind
          'Filtri', so the first psychic shows in the first screen. */}
      <Flex align="center" gap="3" wrap="wrap">
        <Box display={{ initial: "block", sm: "none" }}>
          <Button
            type="button"
            size="3"
            variant="soft"
            color="gray"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <MixerHorizontalIcon />
            {chosen > 0 ? `Filtri (${chosen})` : "Filtri"}
          </Button>
        </Box>
        <Text as="label" size="3" style={{ minHeight: 44, display: "flex", alignItems: "center" }}>
          <Flex gap="2" align="center">
            <Checkbox size="3" checked={availableToday} onCheckedChange={(value) => onChange({ today: value === true ? "1" : null })} />
            Disponibili oggi
          </Flex>
        </Text>
        <Box ml={{ sm: "auto" }}>{found}</Box>
      </Flex>
      {/* Two a row on a phone once unfolded; five a row wider, always shown. */}
      <Grid id={filtersId} columns={{ initial: "2", sm: "5" }} gap="3" align="center" display={{ initial: filtersOpen ? "grid" : "none", sm: "grid" }}>
        <NativeSelect
          aria-label="Ambito di consulto"
          value={topic ?? ALL}
          onValueChange={(value) => onChange({ topic: value === ALL ? null : value })}
         
        >
          <option value={ALL}>Tutti gli ambiti</option>
          {specializations.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Tecnica"
          value={specialty ?? ALL}
          onValueChange={(value) => onChange({ specialty: value === ALL ? null : value })}
         
        >
          <option value={ALL}>Tutte le tecniche</option>
          {specialties.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Tipo di consulto"
          value={consultationType ?? ALL}
          onValueChange={(value) => onChange({ [CONSULTATION_TYPE_PARAM]: value === ALL ? null : value })}
        >
          <option value={ALL}>Tutti i tipi</option>
          {consultationTypes.map((type) => (
            <option key={type} value={type}>
              {consultationTypeWords[type].label}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Prezzo al minuto"
          value={maxCentsPerMinute === null ? ALL : String(maxCentsPerMinute)}
          onValueChange={(value) => onChange({ [PRICE_PARAM]: value === ALL ? null : value })}
        >
          <option value={ALL}>Qualsiasi prezzo</option>
          {PRICE_CAPS.map((cents) => (
            <option key={cents} value={String(cents)}>
              Fino a {formatCents(cents, { dropZeroCents: true })} al minuto
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Ordina per"
          value={order}
          onValueChange={(value) => onChange({ order: value === "rating" ? null : value })}
         
        >
          {listOrders.map((name) => (
            <option key={name} value={name}>
              {capitalised(ORDER_LABELS[name])}
            </option>
          ))}
        </NativeSelect>
      </Grid>
    </Flex>
  );
}
