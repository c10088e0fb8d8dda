// German error and detail texts: every key of ../en/errors.ts with the same ICU arguments (see there).
// Du-form, as the rest of the shop. Codes, field names and setting names stay as they are.
import type { errors as en } from '../en/errors';
import { accountErrors } from './account-errors';

import { accountDataErrors } from './account-data';

export const errors: Record<keyof typeof en, string> = {
  ...accountDataErrors,
  'error.required': 'Dieses Feld ist erforderlich.',
  'error.not_found': 'Nicht gefunden.',
  'error.no_credentials': 'Es wurden keine Anmeldedaten mitgeschickt.',
  'error.server': 'Bei uns ist etwas schiefgelaufen. Bitte versuche es noch einmal.',
  'error.not_string': 'Das ist kein gültiger Text.',
  'error.not_boolean': 'Das muss ein gültiger Wahrheitswert sein.',
  'error.true_or_false': 'Das muss true oder false sein.',
  'error.not_integer': 'Eine gültige ganze Zahl ist erforderlich.',
  'error.not_positive_integer': 'Eine gültige positive ganze Zahl ist erforderlich.',
  'error.max_length': 'Dieses Feld darf höchstens {max} Zeichen lang sein.',
  'error.invalid_choice': '„{value}“ ist keine gültige Auswahl.',
  'error.choose_one_of': 'Wähle eines von: {choices}.',
  'error.must_be_one_of': 'Muss eines sein von: {choices}.',
  'error.not_dictionary': 'Ungültige Daten. Erwartet wird ein Objekt.',
  'error.invalid_pk': 'Ungültige ID „{id}“ – das Objekt gibt es nicht.',
  'error.unsupported_language': '„{value}“ ist keine unterstützte Sprache: Nimm eine von {choices}.',
  'error.invalid_page': 'Ungültige Seite.',
  'error.null_characters': 'Null-Zeichen sind nicht erlaubt.',
  'error.null_in_field_name': 'Feldnamen dürfen keine Null-Zeichen enthalten.',
  'error.malformed_json': 'Der Inhalt der Anfrage ist fehlerhaft: Schick gültiges JSON.',
  'error.method_not_allowed': 'Diese Methode ist nicht erlaubt.',
  'error.request_too_large': 'Der Inhalt der Anfrage ist zu groß.',
  'error.unsupported_media_type': 'Nicht unterstützter Medientyp: Schick application/json.',
  'error.request_failed': 'Die Anfrage ist fehlgeschlagen.',
  'error.two_sentences': '{first} {second}',
  'error.csrf': 'Das CSRF-Token fehlt oder ist falsch.',
  'error.too_many_requests':
    '{seconds, plural, one {Zu viele Anfragen. Bitte versuche es in {seconds} Sekunde noch einmal.} other {Zu viele Anfragen. Bitte versuche es in {seconds} Sekunden noch einmal.}}',
  'error.too_many_attempts': 'Zu viele Versuche. Bitte versuche es in {seconds} Sekunden noch einmal.',
  'error.enter_url': 'Gib eine gültige URL ein.',
  'error.redirect_not_allowed': 'Diese Adresse ist nicht erlaubt: Nimm eine auf {origins}.',
  'error.auth_header': 'Ungültiger Authorization-Header. Verwende „Bearer <token>“.',
  'error.token_invalid_or_expired': 'Ungültiges oder abgelaufenes Token.',
  'error.token_invalid': 'Ungültiges Token.',
  'error.user_not_found': 'Nutzer nicht gefunden oder gesperrt.',
  'error.date': 'Gib ein Datum im Format JJJJ-MM-TT ein.',
  'error.real_date': 'Gib ein tatsächlich existierendes Datum im Format JJJJ-MM-TT ein.',
  'error.date_time': 'Gib Datum und Uhrzeit ein, etwa 2030-01-31T17:00:00Z.',
  'error.date_not_before_from': 'Darf nicht vor „from“ liegen.',
  'error.at_most_200': 'Gib höchstens 200 Zeichen ein.',
  'error.email': 'Gib eine gültige E-Mail-Adresse ein.',
  'error.e_mail': 'Gib eine gültige E-Mail-Adresse ein.',
  'error.phone': 'Gib eine gültige Telefonnummer ein.',
  'error.country_code': 'Gib einen zweistelligen Ländercode nach ISO 3166 ein, etwa DE.',
  'error.name_needed': 'Gib einen Vornamen oder einen Nachnamen an.',
  'error.uk_postcode': 'Gib eine gültige britische Postleitzahl ein, etwa SW1A 1AA.',
  'error.postcode_for': 'Gib eine gültige Postleitzahl für {country} ein.',
  'error.time_zone': 'Gib eine IANA-Zeitzone ein, etwa Europe/Berlin oder Pacific/Auckland.',
  'error.tags_list': 'Erwartet wird eine Liste von Schlagwörtern.',
  'error.tag_length': 'Schlagwörter haben höchstens {max} Zeichen („{tag}“ ist länger).',
  'error.tags_per_entry': 'Ein Eintrag hat höchstens {max} Schlagwörter.',
  'error.system_entry_read_only':
    'Dieser Eintrag enthält deine eigenen Daten aus deinem Benutzerkonto: Ändere sie dort. Hier kannst du nur Notizen und deine Zeitzone bearbeiten.',
  'error.system_entry_undeletable':
    'Dieser Eintrag enthält deine eigenen Daten aus deinem Benutzerkonto und kann nicht gelöscht werden.',
  'error.unknown_occasion': 'Unbekannter Anlass.',
  'error.unknown_occasion_named': 'Unbekannter Anlass „{slug}“.',
  'error.days_list': 'Gib eine Liste ganzer Tageszahlen an oder null.',
  'error.days_count': 'Gib höchstens {max} Werte an.',
  'error.days_value': 'Jeder Wert muss eine ganze Zahl von Tagen zwischen 0 und {max} sein.',
  'error.no_date_on_record': 'Dieses Feld ist erforderlich. Für den Empfänger ist kein Datum für „{type}“ hinterlegt.',
  'error.card_locked': 'Diese Karte wurde bestellt: Ihr Design kann sich nicht mehr ändern.',
  'error.card_ordered_undeletable':
    'Diese Karte wurde bestellt und kann nicht gelöscht werden. Archiviere sie stattdessen.',
  'error.card_in_cart': 'Diese Karte liegt in deinem Warenkorb. Entferne sie dort, bevor du sie löschst.',
  'error.card_status': '„{status}“ ist kein Status, den du setzen kannst; wähle einen von {choices}.',
  'error.card_ordered_archive_only': 'Eine bestellte Karte kann nur noch archiviert werden.',
  'error.premium_template':
    'Diese Vorlage ist Premium. Schließ unter /subscriptions/ ein Abo ab, um Premium-Designs zu nutzen.',
  'error.premium_assets':
    'Dieses Design nutzt Premium-Sticker oder -Elemente. Schließ unter /subscriptions/ ein Abo ab, um Premium-Designs zu nutzen.',
  'error.image_preparing': 'Dieses Bild wird gerade vorbereitet. Bitte versuche es gleich noch einmal.',
  'error.pdf_preparing': 'Dieses PDF wird gerade vorbereitet. Bitte versuche es gleich noch einmal.',
  'error.print_file_preparing': 'Diese Druckdatei wird gerade vorbereitet. Bitte versuche es gleich noch einmal.',
  'error.handwriting_colour': 'Die Tintenfarbe muss eine Farbe der Form #RRGGBB sein.',
  'error.handwriting_no_ink':
    'Auf diesem Foto wurde keine Handschrift gefunden. Schreib mit dunkler Tinte auf helles Papier und versuch es noch einmal.',
  'error.photo_unreadable': 'Dieses Bild konnte nicht gelesen werden. Es ist vielleicht beschädigt oder unvollständig.',
  'error.photo_choose': 'Wähle ein Foto zum Hochladen aus.',
  'error.photo_not_ours': 'Nur ein hier hochgeladenes Foto kann zugeschnitten werden.',
  'error.photo_premium_sticker':
    'Dieses Bild ist ein Premium-Sticker: Daraus kann kein neues Foto zugeschnitten werden.',
  'error.photo_quota':
    'Du kannst höchstens {max} Fotos behalten. Entferne Fotos von Karten, die du nicht mehr brauchst; Fotos, die auf keiner deiner Karten sind, machen nach einer Stunde Platz.',
  'error.photo_too_large': 'Das Foto ist größer als 10 MB. Bitte wähle ein kleineres.',
  'error.photo_polyglot':
    'Diese Datei enthält mehr als ein Bild. Speichere das Foto noch einmal als einfaches JPEG oder PNG und wähle es dann aus.',
  'error.photo_type': 'Bitte lade ein JPEG-, PNG-, WebP- oder GIF-Bild hoch.',
  'error.crop_pixels': 'Eine Anzahl Pixel ist erforderlich.',
  'error.crop_width': 'Der Ausschnitt muss mindestens 1 Pixel breit sein.',
  'error.crop_height': 'Der Ausschnitt muss mindestens 1 Pixel hoch sein.',
  'error.datetime_format':
    'Das Datum hat ein falsches Format. Gib ein Datum (2030-12-25) oder ISO 8601 in UTC an, z. B. 2030-12-25T09:00:00Z.',
  'error.delivery_past': 'Der Versandzeitpunkt muss in der Zukunft liegen.',
  'error.delivery_past_at':
    'Der Versandzeitpunkt muss in der Zukunft liegen. Am {date} ginge die Karte um {hour}:00 Uhr in {zone} raus, und das ist schon vorbei: Wähle einen späteren Tag oder kein Datum, um sie gleich zu verschicken.',
  'error.delivery_too_far': 'Der Versandzeitpunkt darf höchstens ein Jahr in der Zukunft liegen.',
  'error.arrive_by_format': 'Erwartet wird ein Datum wie 2030-12-24.',
  'error.arrive_by_past': 'Dieser Tag ist vorbei. Frühestens kann eine Karte am {next} ankommen.',
  'error.arrive_by_too_far': 'Dieser Tag liegt zu weit voraus: Wähl einen Tag bis zum {next}.',
  'error.arrive_by_unreachable': 'Keine Versandart bringt die Karte bis dahin ans Ziel. Frühestens am {next}.',
  'error.arrive_by_method': 'Mit {method} kommt die Karte nicht bis dahin an. Frühestens am {next}.',
  'error.arrive_by_post_only': 'Nur eine Karte per Post hat ein Ankunftsdatum.',
  'error.arrive_by_or_scheduled': 'Gib entweder arrive_by oder scheduled_for an, nicht beides.',
  'error.shipping_method_not_served': 'Die Versandart {method} liefert nicht nach {country}.',
  'error.shipping_method_unknown': 'Unbekannte Versandart „{method}“.',
  'error.shipping_method_post_only': 'Nur eine Karte per Post hat eine Versandart.',
  'error.late_not_late':
    'Diese Karte ist nicht verspätet: Nur eine verspätete Karte kann neu gedruckt oder ihr Versand erstattet werden.',
  'error.late_remedy_taken': 'Für diese verspätete Karte wurde bereits etwas unternommen.',
  'error.late_already_delivered': 'Diese Karte wurde zugestellt: Erstatte den Versand, statt sie neu zu drucken.',
  'error.late_not_at_printer':
    'Diese Karte ist weder in der Druckerei noch bei der Post und kann nicht neu gedruckt werden.',
  'error.late_no_shipping_paid': 'Für den Versand dieser Karte wurde nichts bezahlt, also gibt es nichts zu erstatten.',
  'error.checkout_shipping_price_changed':
    '„{title}“ an {recipient}: Der Versand mit {method} kostet jetzt {now} statt {was}. Lege die Karte erneut in den Warenkorb, um den neuen Preis anzunehmen.',
  'error.checkout_shipping_no_longer':
    '„{title}“ an {recipient}: {problem} Lege die Karte mit einer anderen Versandart oder einem anderen Datum erneut in den Warenkorb.',
  'error.product_code': 'Unbekanntes Druckprodukt „{product}“.',
  'error.recipient_ids_list': 'Erwartet wird eine Liste von Empfänger-IDs.',
  'error.recipient_ids_once': 'Jeder Empfänger darf nur einmal vorkommen.',
  'error.recipient_id_or_ids': 'Gib entweder recipient_id oder recipient_ids an, nicht beides.',
  'error.recipient_tag_name': 'Erwartet wird der Name eines Schlagworts, höchstens 60 Zeichen.',
  'error.recipient_one_of': 'Gib eines von recipient_id, recipient_ids oder recipient_tag an.',
  'error.recipient_tag_nobody': 'Niemand in deinem Adressbuch hat das Schlagwort „{tag}“.',
  'error.ecard_needs_recipient': 'Eine E-Card braucht einen Empfänger.',
  'error.ecard_needs_email': 'Eine E-Card braucht einen Empfänger mit E-Mail-Adresse.',
  'error.post_needs_recipient': 'Eine Postkarte braucht einen Empfänger.',
  'error.post_needs_fields': 'Eine Postkarte braucht einen Empfänger mit {fields}; es fehlt: {missing}.',
  'error.post_address_field': 'An dieses Feld des Empfängers ({field}) kann nicht verschickt werden: {message}',
  'error.gift_addon_post_only': 'Geschenk-Extras gibt es nur für Postkarten.',
  'error.gift_wrap_post_only': 'Geschenkverpackung gibt es nur für Postkarten.',
  'error.archived_card': 'Eine archivierte Karte kann nicht in den Warenkorb gelegt werden.',
  'error.bulk_max': 'Eine Karte geht an höchstens {max} Empfänger auf einmal.',
  'error.bulk_no_first_name': "{name}: Auf der Karte steht '{first_name}', aber dieser Empfänger hat keinen Vornamen.",
  'error.cart_full':
    'Ein Warenkorb fasst höchstens {max} Artikel. Schließ erst die Bestellung ab oder entferne einige.',
  'error.cart_busy': 'Der Warenkorb ändert sich gerade zu schnell. Bitte versuche es noch einmal.',
  'error.cart_empty': 'Der Warenkorb ist leer.',
  'error.item_card_gone': '{label}: Die Karte gibt es nicht mehr.',
  'error.item_card_archived': '{label}: Die Karte ist archiviert.',
  'error.item_problem': '{label}: {message}',
  'error.order_changed_checkout': 'Diese Bestellung hat sich während des Bezahlvorgangs geändert. Bitte lade sie neu.',
  'error.order_changed_cancel': 'Diese Bestellung hat sich während der Stornierung geändert. Bitte lade sie neu.',
  'error.order_paid': 'Diese Bestellung ist bezahlt; sie wird gleich als bezahlt angezeigt.',
  'error.order_checkout_only_cart': 'Nur ein Warenkorb kann zur Kasse gehen.',
  'error.order_pay_only_awaiting': 'Nur eine Bestellung, die auf Zahlung wartet, kann bezahlt werden.',
  'error.order_fulfil_only_paid': 'Nur eine bezahlte Bestellung kann ausgeführt werden.',
  'error.order_cancel_only_open':
    'Nur ein Warenkorb oder eine Bestellung, die auf Zahlung wartet, kann storniert werden.',
  'error.order_refund_only_paid':
    'Nur eine bezahlte, ausgeführte oder teilweise erstattete Bestellung kann erstattet werden.',
  'error.order_partial_refund_only_paid':
    'Nur eine bezahlte oder ausgeführte Bestellung kann teilweise erstattet werden.',
  'error.order_change_not_allowed': 'Diese Änderung ist nicht erlaubt.',
  'error.order_is': 'Diese Bestellung ist im Status „{status}“.',
  'error.promo_invalid': 'Dieser Gutscheincode ist nicht gültig.',
  'error.promo_not_yet': 'Dieser Gutscheincode ist noch nicht gültig.',
  'error.promo_expired': 'Dieser Gutscheincode ist abgelaufen.',
  'error.promo_used_up': 'Dieser Gutscheincode ist aufgebraucht.',
  'error.promo_already_used': 'Du hast diesen Gutscheincode schon benutzt.',
  'error.promo_needs_ecard': 'Für diesen Gutscheincode muss eine E-Card in der Bestellung sein.',
  'error.payment_unreachable': 'Der Zahlungsanbieter ist nicht erreichbar. Bitte versuche es noch einmal.',
  'error.payments_not_configured':
    'Zahlungen sind nicht eingerichtet: Setze SERVICE_STRIPE_SECRET_KEY oder aktiviere SERVICE_DEMO_PAYMENTS für Demo-Zahlungen.',
  'error.subscriptions_not_configured':
    'Zahlungen sind nicht eingerichtet: Setze SERVICE_STRIPE_SECRET_KEY oder aktiviere SERVICE_DEMO_PAYMENTS für Demo-Abos.',
  'error.already_subscribed':
    'Du hast schon ein aktives Premium-Abo. Verwalte oder kündige es im Abrechnungsportal (POST /api/subscriptions/portal/).',
  'error.no_plan': 'Es gibt keinen aktiven Tarif mit diesem Slug.',
  'error.plan_no_price':
    'Dieser Tarif hat noch keinen Preis beim Zahlungsanbieter und kann daher nicht online gekauft werden. Bitte wähle einen anderen Tarif.',
  'error.no_billing_account': 'Du hast noch kein Abrechnungskonto: Schließ zuerst unter /subscriptions/ ein Abo ab.',
  'error.ecard_only_resend': 'Nur eine E-Card kann erneut verschickt werden.',
  'error.ecard_resending': 'Diese E-Card wird bereits erneut verschickt.',
  'error.ecard_cancelled': 'Diese E-Card ist storniert und kann daher nicht erneut verschickt werden.',
  'error.ecard_not_sent': 'Diese E-Card ist noch nicht verschickt und kann daher nicht erneut verschickt werden.',
  'error.ecard_opened': 'Diese E-Card wurde bereits geöffnet.',
  'error.ecard_resend_after':
    '{days, plural, one {Eine ungeöffnete E-Card kann {days} Tag nach dem Versand erneut verschickt werden.} other {Eine ungeöffnete E-Card kann {days} Tage nach dem Versand erneut verschickt werden.}}',
  'error.cancel_post_only': 'Nur eine Postkarte kann storniert werden, E-Cards und Karten zum Selbstdrucken nicht.',
  'error.cancel_handing_over':
    'Diese Karte wird gerade an die Druckerei übergeben. Versuche es in einer Minute noch einmal.',
  'error.cancel_printing':
    'Die Druckerei hat mit dieser Karte schon begonnen, daher kann sie nicht mehr storniert werden.',
  'error.cancel_already_cancelled': 'Diese Karte ist bereits storniert und kann daher nicht mehr storniert werden.',
  'error.cancel_on_its_way': 'Diese Karte ist bereits unterwegs und kann daher nicht mehr storniert werden.',
  'error.cancel_changed':
    'Diese Karte hat sich geändert, während du sie storniert hast: Lade die Seite neu und versuche es noch einmal.',
  'error.cancel_under_way': 'Diese Karte wird gerade storniert. Lade die Seite gleich neu, um das Ergebnis zu sehen.',
  'error.carrier_cannot_cancel':
    'Der Postdienst „{backend}“ kann eine Karte, die er schon angenommen hat, nicht stornieren.',
  'error.carrier_refused_cancel':
    'Der Postdienst hat die Stornierung dieser Karte abgelehnt: Vielleicht ist sie schon gedruckt oder verschickt.',
  'error.delivery_retry_failed_only': 'Nur eine fehlgeschlagene Zustellung kann wiederholt werden.',
  'error.delivery_resend_sent_only': 'Nur eine verschickte E-Card kann erneut verschickt werden.',
  'error.delivery_cancel_waiting_only':
    'Nur eine geplante, wartende oder beim Postdienst angenommene Zustellung kann storniert werden.',
  'error.delivery_is': 'Diese Zustellung ist im Status „{status}“.',
  'error.delivery_is_method': 'Diese Zustellung ist im Status „{status}“ ({method}).',
  'error.delivery_changed':
    'Diese Zustellung hat sich geändert, während du sie angesehen hast: Lade neu und versuche es noch einmal.',
  'error.idempotency_key': 'Verwende 8 bis 100 Buchstaben, Ziffern, - oder _.',
  'error.blank': 'Dieses Feld darf nicht leer sein.',
  'error.blank_name': 'Dein Name darf nicht leer sein.',
  'error.blank_message': 'Die Nachricht darf nicht leer sein.',
  'error.email_list': 'Gib eine Liste von E-Mail-Adressen an.',
  'error.invite_max': 'Lade höchstens {max} Personen auf einmal ein.',
  'error.colour': 'Gib eine Farbe als #RRGGBB ein.',
  'error.signature_ids': 'Gib die IDs der Unterschriften in ihrer neuen Reihenfolge an.',
  'error.at_least_one_id': 'Gib mindestens eine ID an.',
  'error.too_many_ids': 'Zu viele IDs.',
  'error.deadline_future': 'Wähle eine Frist in der Zukunft.',
  'error.not_signatures': 'Das sind keine Unterschriften dieser Gruppenkarte: {ids}.',
  'error.group_too_many_pages':
    '{count, plural, one {Diese Karte hat zu viele Unterschriften für eine Postkarte: Sie bräuchten {count} Seite mehr als ihre vier. Verschicke sie als E-Card, drucke sie selbst aus (PDF) oder blende einige Unterschriften aus.} other {Diese Karte hat zu viele Unterschriften für eine Postkarte: Sie bräuchten {count} Seiten mehr als ihre vier. Verschicke sie als E-Card, drucke sie selbst aus (PDF) oder blende einige Unterschriften aus.}}',
  'error.group_card_deleted': 'Die Karte, aus der diese Gruppenkarte entstanden ist, wurde gelöscht.',
  'error.group_closed':
    'Diese Gruppenkarte nimmt keine neuen Nachrichten mehr an. Wenn du jetzt noch etwas ergänzen möchtest, wende dich an die Person, die sie organisiert.',
  'error.group_closed_named':
    'Diese Gruppenkarte nimmt keine neuen Nachrichten mehr an. Wenn du jetzt noch etwas ergänzen möchtest, wende dich an {organiser}, die Person, die sie organisiert.',
  'error.group_deadline':
    'Die Frist zum Unterschreiben dieser Gruppenkarte ist abgelaufen. Wenn du jetzt noch etwas ergänzen möchtest, wende dich an die Person, die sie organisiert.',
  'error.group_deadline_named':
    'Die Frist zum Unterschreiben dieser Gruppenkarte ist abgelaufen. Wenn du jetzt noch etwas ergänzen möchtest, wende dich an {organiser}, die Person, die sie organisiert.',
  'error.group_full':
    'Diese Gruppenkarte ist voll: Sie enthält schon {max} Nachrichten. Wende dich an die Person, die sie organisiert, wenn deine noch dazu muss.',
  'error.group_photos_per_signature':
    '{max, plural, one {Eine Nachricht kann höchstens ein Foto haben.} other {Eine Nachricht kann höchstens {max} Fotos haben.}}',
  'error.group_photos_per_card':
    '{max, plural, one {Diese Gruppenkarte hat schon ihr eines Foto.} other {Diese Gruppenkarte hat schon {max} Fotos, so viele, wie sie aufnimmt.}}',
  'error.signing_busy': 'Gerade unterschreiben sehr viele Leute. Bitte versuche es noch einmal.',
  'error.sticker_premium':
    'Dieser Sticker ist Premium. Wähle einen kostenlosen Sticker oder melde dich mit einem Abo an, um ihn zu nutzen.',
  'error.address_link_full':
    'Über diesen Link sind heute schon so viele Adressen eingegangen wie möglich. Bitte versuche es morgen noch einmal.',
  // E-Mails, die ein Kunde an andere schicken lässt (Sicherheits-Issue 39).
  'error.confirm_address_first':
    'Bitte bestätige zuerst deine E-Mail-Adresse. Wir schicken E-Mails an andere nur für Konten mit bestätigter Adresse oder einer bezahlten Bestellung; wir können dir einen Bestätigungslink schicken.',
  'error.mail_day_full': 'Dein Konto hat heute schon die {cap} E-Mails an andere verschickt, die es darf.',
  'error.mail_day_short':
    'Das wären {asked} E-Mails, dein Konto kann heute aber nur noch {left} verschicken ({cap} am Tag).',
  'error.mail_day_again_soon': 'Ab Mitternacht (Zeit des Shops) geht es weiter, in weniger als einer Stunde.',
  'error.mail_day_again_hours': 'Ab Mitternacht (Zeit des Shops) geht es weiter, in etwa {hours} Stunden.',
  'error.no_change_waiting': 'Für diesen Eintrag wartet keine Änderung.',
  'error.entry_changed':
    'Dieser Eintrag hat sich geändert, während du ihn angesehen hast: Lade die Seite neu und versuch es noch einmal.',
  'error.import_mapping': 'Schick die Zuordnung als JSON-Objekt von Spaltennamen zu Feldnamen.',
  'error.import_no_file': 'Es wurde keine Datei mitgeschickt.',
  'error.import_too_large': 'Die Datei ist größer als 2 MB. Teile sie in kleinere Dateien auf.',
  'error.import_too_many_rows': 'Die Datei hat mehr als {max} Zeilen. Teile sie in kleinere Dateien auf.',
  'error.import_too_many_columns':
    'Zeile {line} der Datei hat mehr als {max} Spalten. Lösche die Spalten, die du nicht brauchst, und speichere die Datei noch einmal.',
  'error.import_line_too_long':
    'Zeile {line} der Datei ist länger als {max} Zeichen. Prüfe, ob es eine CSV- oder vCard-Datei mit Kontakten ist.',
  'error.import_empty': 'Die Datei ist leer.',
  'error.import_no_rows': 'Die Datei hat eine Kopfzeile, aber keine Zeilen darunter.',
  'error.import_no_vcards': 'Die Datei enthält keine Kontakte (vCard).',
  'error.import_no_column': 'Die Datei hat keine Spalte „{header}“.',
  'error.import_not_field': '„{field}“ ist kein Feld (wähle eines von {choices}).',
  'error.import_field_twice': '„{field}“ ist für {count} Spalten gewählt; wähle es nur für eine.',
  'error.import_country': 'Land: „{value}“ ist kein Land, das wir kennen (nimm einen Namen oder einen Code wie DE).',
  'error.import_date': '{label}: „{value}“ ist kein Datum (nimm 1990-12-31 oder 31.12.1990).',
  'error.import_control_character':
    '{label}: enthält ein Steuerzeichen (etwa ein Nullzeichen), das nicht gespeichert werden kann. Entferne es und importiere die Datei noch einmal.',
  'error.import_own_entry': 'Das ist dein eigener Eintrag aus deinem Konto: Ändere ihn dort.',
  'error.body_too_large': 'Der Inhalt ist zu groß.',
  'error.body_empty': 'Der Inhalt ist leer.',
  'error.body_not_json': 'Der Inhalt ist kein JSON.',
  'error.expected_json_object': 'Erwartet wird ein JSON-Objekt.',
  'error.missing_body': 'Der Inhalt der Anfrage fehlt.',
  'error.cloudevent': 'Kein CloudEvent: {reason}',
  'error.cloudevent_no_order': 'Das CloudEvent nennt keine Bestellung (data.order.id).',
  'error.webhook_no_event': 'Der Webhook hat kein Ereignis.',
  'error.webhook_no_order': 'Der Webhook nennt keine Bestellung (orderId).',
  'error.webhook_ignored': 'Ereignis ignoriert.',
  'error.webhook_unknown_order': 'Zu dieser Bestellung gibt es keine Postkarte.',
  'error.postal_cannot_ask': 'Der Postdienst kann nicht nach seinen Bestellungen gefragt werden.',
  'error.webhook_secret_missing': 'Das Webhook-Secret ist nicht eingerichtet.',
  'error.stripe_signature_missing': 'Der Stripe-Signature-Header fehlt.',
  'error.not_an_event': 'Kein Ereignis.',
  'error.demo_no_webhooks': 'Demo-Zahlungen haben keine Webhooks.',
  'error.email_not_configured': 'E-Mail ist nicht eingerichtet: Setze SMTP_HOST (und SMTP_PORT, SMTP_USER, SMTP_PASS).',
  'error.live_preview_worker':
    'Live-Vorschauen zeichnen Instanzen, die rendern (SERVICE_ROLE=worker oder all); diese läuft mit SERVICE_ROLE=web. Das Vorschaubild zeichnet ein Worker nach dem Speichern.',
  'error.settings_nothing':
    'Nichts zu ändern: Schick die Einstellungen, die sich ändern sollen, z. B. \'{"ecardPrice": 349}\'.',
  ...accountErrors,
  // Message suggestions (areas/words).
  'error.invalid_slug': 'Nur Kleinbuchstaben, Ziffern und Bindestriche.',
  'error.invalid_tone': 'Wähle herzlich, witzig oder förmlich.',
  'error.invalid_first_name': 'Ein Vorname darf keine Zeilenumbrüche, spitzen oder geschweiften Klammern enthalten.',
  'error.ai_suggestions_used':
    '{count, plural, one {Du hast deinen # KI-Vorschlag für heute verbraucht.} other {Du hast deine # KI-Vorschläge für heute verbraucht.}} Versuch es morgen wieder.',
  'error.ai_suggestions_unavailable':
    'Der Schreibdienst ist gerade nicht erreichbar. Bitte versuch es später noch einmal.',
  // An envelope to open and the reminder of an unopened e-card (issue 45, add_to_cart).
  'error.envelope_slug': 'Gib den Umschlag mit seinem Kürzel aus dem Katalog an, etwa „berry-red“.',
  'error.envelope_ecard_only': 'Umschläge gibt es nur für E-Karten.',
  'error.envelope_unknown': 'Einen Umschlag „{slug}“ gibt es im Katalog nicht.',
  'error.remind_ecard_only': 'Erinnerungen an eine ungeöffnete Karte gibt es nur für E-Karten.',
  // A thank-you back (issue 45 item 5).
  'error.replies_off': 'Antworten auf Karten sind ausgeschaltet.',
  'error.reply_exists': 'Diese Karte hat schon eine Antwort. Ändere sie stattdessen (PUT).',
  'error.reply_missing': 'Diese Karte hat noch keine Antwort.',
  'error.reply_locked':
    'Eine Antwort lässt sich einen Tag lang ändern, nachdem sie gesendet wurde; diese lässt sich nicht mehr ändern.',
  'error.sticker_not_free': 'Wähle einen der kostenlosen Sticker.',
  // Eine Video- oder Sprachnachricht auf einer Karte (Issue 45, Punkt 3).
  'error.media_choose': 'Wähle eine Aufnahme oder eine Audio- oder Videodatei aus.',
  'error.media_type': 'Diese Datei ist kein MP4-, WebM-, M4A-, MP3- oder Ogg-Audio oder -Video.',
  'error.media_message_busy':
    'Gerade wird eine andere Nachricht für diese Karte hochgeladen. Bitte versuche es gleich noch einmal.',
  'error.media_truncated': 'Diese Datei ist unvollständig: Nimm sie neu auf oder speichere sie erneut.',
  'error.media_damaged': 'Diese Datei ist beschädigt oder enthält mehr als eine Audio- oder Videodatei.',
  'error.media_mixed': 'Diese Datei enthält mehr als Audio oder Video.',
  'error.media_duration': 'Die Länge dieser Aufnahme lässt sich nicht lesen.',
  'error.media_too_long': 'Eine Nachricht darf höchstens {max} Sekunden lang sein; diese dauert {seconds} Sekunden.',
  'error.media_too_big': 'Eine Nachricht darf höchstens {max} MB groß sein.',
  'error.media_captions_long': 'Untertitel dürfen höchstens {max} Zeichen lang sein.',
  'error.media_quota': 'Du kannst höchstens {max} Nachrichten behalten. Entferne zuerst eine von einer Karte.',
  'error.media_storage': 'Deine Nachrichten würden mehr als {max} MB belegen. Entferne zuerst eine von einer Karte.',
};
