import { Box, EmptyStateLayout, Flex, Loader, Typography } from '@strapi/design-system';
import { WarningCircle } from '@strapi/icons';
import type { AdminApiError } from '../api/client';

export function Loading({ what }: { what: string }) {
  return (
    <Flex justifyContent="center" padding={8}>
      <Loader>{`Loading ${what}…`}</Loader>
    </Flex>
  );
}

/** A failed request, said in words, with the server's own message when it gave one. */
export function ErrorNotice({ error, what }: { error: AdminApiError; what: string }) {
  return (
    <Box role="alert" background="danger100" borderColor="danger200" hasRadius padding={4}>
      <Flex gap={2} alignItems="flex-start">
        <WarningCircle aria-hidden fill="danger600" />
        <Typography textColor="danger700">
          {`Could not load ${what}: ${error.message}`}
        </Typography>
      </Flex>
    </Box>
  );
}

export function Empty({ content }: { content: string }) {
  return <EmptyStateLayout content={content} hasRadius shadow="tableShadow" />;
}
