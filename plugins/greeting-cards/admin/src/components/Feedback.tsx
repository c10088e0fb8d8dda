import { Box, EmptyStateLayout, Flex, Loader, Typography } from '@strapi/design-system';
import { WarningCircle } from '@strapi/icons';
import type { AdminApiError } from '../api/client';
import { useErrorText } from '../api/error-text';

/** A loader; `text` is already in the admin user's language ("Loading orders…"). */
export function Loading({ text }: { text: string }) {
  return (
    // The spinner and its words in sight (the Loader's own text is for screen readers only): a slow
    // list never looks like an empty page.
    <Flex direction="column" alignItems="center" justifyContent="center" gap={3} padding={8} role="status">
      <Loader>{text}</Loader>
      <Typography textColor="neutral600" aria-hidden>
        {text}
      </Typography>
    </Flex>
  );
}

/** A failed request, said in words (`text`: "Could not load orders"), with the server's own message when it gave one. */
export function ErrorNotice({ error, text }: { error: AdminApiError; text: string }) {
  const errorText = useErrorText();
  return (
    <Box role="alert" background="danger100" borderColor="danger200" hasRadius padding={4}>
      <Flex gap={2} alignItems="flex-start">
        <WarningCircle aria-hidden fill="danger600" />
        <Typography textColor="danger700">{`${text}: ${errorText(error)}`}</Typography>
      </Flex>
    </Box>
  );
}

export function Empty({ content }: { content: string }) {
  return <EmptyStateLayout content={content} hasRadius shadow="tableShadow" />;
}
