// A month picker with its visible label: the months offered newest first, each read as "novembre 2026".
import { useId } from "react";
import { Flex, Select, Text } from "@radix-ui/themes";
import { formatMonth } from "@/lib/time/romeMonths";

export function MonthSelect({ label, months, value, onValueChange }: { label: string; months: readonly string[]; value: string; onValueChange: (month: string) => void }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Select.Root value={value} onValueChange={onValueChange}>
        <Select.Trigger id={id} style={{ minWidth: "12rem" }} />
        <Select.Content position="popper">
          {months.map((option) => (
            <Select.Item key={option} value={option}>
              {formatMonth(option)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
