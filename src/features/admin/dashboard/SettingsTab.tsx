import { useState } from "react";
import { Card, Flex, Switch, Text } from "@radix-ui/themes";
import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import type { SettingKey } from "@convex/framework/validators";
import { PendingWriteMark } from "@/components/PendingWriteMark";
import { toast } from "@/components/toast";
import { formatRomeDateTime } from "@/lib/text/format";
import { setPublicSettingLocally } from "@/lib/catalogue/publicSettings";
import { TableError, TableLoading } from "./TableStates";
import { useTableQuery } from "./useTableQuery";

const settingUpdateError = "Impossibile aggiornare l'impostazione";

const titles: Record<SettingKey, string> = {
  psychic_registration_enabled: "Registrazione cartomanti",
  booking_enabled: "Prenotazioni",
  maintenance_mode: "Modalità manutenzione",
  psychic_approval_required: "Approvazione dei profili",
};

/** Impostazioni: the four switches, moved at once (optimistic) and back if the server refuses. */
export function SettingsTab() {
  const { data: settings, error } = useTableQuery(api.admin.listSettings, {});
  const setSetting = useMutation(api.admin.setSetting).withOptimisticUpdate((store, { key, value }) => {
    const rows = store.getQuery(api.admin.listSettings, {});
    if (rows) store.setQuery(api.admin.listSettings, {}, rows.map((row) => (row.key === key ? { ...row, value } : row)));
    // The banner and the register page read the public copy: they follow at once too.
    setPublicSettingLocally(store, key, value);
  });

  // The switches whose change the server has not confirmed yet (sent when the connection is back).
  const [pending, setPending] = useState<Partial<Record<SettingKey, number>>>({});
  const count = (key: SettingKey, step: number) => setPending((current) => ({ ...current, [key]: (current[key] ?? 0) + step }));
  const change = (key: SettingKey, value: boolean) => {
    count(key, 1);
    void setSetting({ key, value })
      .catch(() => toast.error(settingUpdateError))
      .finally(() => count(key, -1));
  };

  if (error) return <TableError what="delle impostazioni" reason={error} />;
  if (settings === undefined) return <TableLoading label="Caricamento delle impostazioni" />;
  return (
    <Flex direction="column" gap="3">
      {settings.map((setting) => {
        const titleId = `setting-${setting.key}`;
        const descriptionId = `${titleId}-description`;
        return (
          <Card key={setting.key} size="2">
            <Flex justify="between" align="center" gap="4">
              <Flex direction="column" gap="1">
                <Text as="label" htmlFor={titleId} weight="bold">
                  {titles[setting.key]}
                </Text>
                <Text id={descriptionId} size="2" color="gray">
                  {setting.description}
                  {setting.updatedAt !== null ? ` Ultima modifica: ${formatRomeDateTime(setting.updatedAt)}.` : ""}
                </Text>
                <PendingWriteMark pending={(pending[setting.key] ?? 0) > 0} />
              </Flex>
              <Switch
                id={titleId}
                size="3"
                checked={setting.value}
                aria-describedby={descriptionId}
                onCheckedChange={(value) => change(setting.key, value)}
              />
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
