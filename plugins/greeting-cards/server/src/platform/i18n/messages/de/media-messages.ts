// Eine Video- oder Sprachnachricht auf einer Karte (Issue 45, Punkt 3): Aufnahme und Upload im Editor, die
// Wiedergabe auf der Ansichtsseite der E-Karte und auf der Nachrichtenseite, zu der der QR-Code einer
// gedruckten Karte führt (die Fehler stehen in errors.ts).
export const mediaMessages = {
  'editor.media.heading': 'Video- oder Sprachnachricht',
  'editor.media.intro':
    'Nimm eine Nachricht von bis zu {seconds} Sekunden auf oder lade sie hoch. E-Karten spielen sie ab; gedruckte Karten tragen einen Link dazu.',
  'editor.media.record-audio': 'Sprache aufnehmen',
  'editor.media.record-video': 'Video aufnehmen',
  'editor.media.stop': 'Aufnahme beenden',
  'editor.media.recording': 'Aufnahme läuft … {seconds} s',
  'editor.media.upload': 'Oder eine Datei hochladen (MP4, WebM, M4A, MP3, Ogg; bis 50 MB)',
  'editor.media.captions': 'Untertitel (was gesagt wird, freiwillig)',
  'editor.media.save': 'Nachricht speichern',
  'editor.media.saving': 'Die Nachricht wird gespeichert …',
  'editor.media.saved': 'Nachricht gespeichert ({seconds} s).',
  'editor.media.remove': 'Nachricht entfernen',
  'editor.media.removed': 'Nachricht entfernt.',
  'editor.media.no-recorder': 'Dieser Browser kann hier nicht aufnehmen; lade stattdessen eine Datei hoch.',
  'editor.media.denied': 'Mikrofon oder Kamera wurden nicht erlaubt; lade stattdessen eine Datei hoch.',
  'editor.media.current': 'Diese Karte hat eine {kind} von {seconds} s.',
  'editor.media.kind-audio': 'Sprachnachricht',
  'editor.media.kind-video': 'Videonachricht',
  'shop.media.heading': 'Eine Nachricht für dich',
  'shop.media.title': 'Eine Nachricht von {name}',
  'shop.media.transcript': 'Was gesagt wird',
  'shop.media.removed': 'Diese Nachricht wurde vom Shop entfernt.',
  'shop.media.removedReason': 'Grund: {reason}',
  'shop.media.noPlayer': 'Dein Browser kann diese Nachricht nicht abspielen.',
  'shop.media.notFound': 'Diese Nachricht gibt es nicht',
  'shop.media.notFoundText': 'Prüfe, ob die Adresse vollständig ist, oder scanne den Code auf der Karte noch einmal.',
  'print.media.scan': 'Scannen und Nachricht abspielen',
};
