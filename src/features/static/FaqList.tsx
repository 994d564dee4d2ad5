import type { ReactNode } from "react";
import { Card, Flex, Text } from "@radix-ui/themes";
import "./static.css";

/** One question of a FAQ list; the answer may hold links. */
export type FaqItem = {
  question: string;
  answer: ReactNode;
};

/**
 * A list of questions, each a native <details>/<summary> disclosure (keyboard accessible without script).
 * Every question carries data-testid="faq-question".
 */
export function FaqList({ items, label }: { items: readonly FaqItem[]; label?: string }) {
  return (
    <Flex asChild direction="column" gap="3">
      <ul role="list" aria-label={label} className="static-plain-list">
        {items.map((item) => (
          <li key={item.question}>
            <Card size="2">
              <details className="faq-item">
                <summary className="faq-summary" data-testid="faq-question">
                  <Text as="span" size="3" weight="medium">
                    {item.question}
                  </Text>
                </summary>
                <Text as="p" size="2" color="gray" className="faq-answer">
                  {item.answer}
                </Text>
              </details>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
