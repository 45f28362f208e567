/* schemac generator: the XML dialect of a @tool struct, as Autobyteus'
 * DefaultXmlSchemaFormatter writes tools for models prompted with XML (see
 * docs/tools.md). Every constraint is written into a description, so nothing
 * is lost and nothing is reported. */
#ifndef SCHEMAC_GENERATOR_EMIT_XML_H
#define SCHEMAC_GENERATOR_EMIT_XML_H

#include "model/model.h"

#include <cJSON.h>

/* The <tool> element of s, whose canonical document (schema_document) is
 * canon. Caller frees. */
char *xml_text(const struct_def *s, const cJSON *canon);

#endif /* SCHEMAC_GENERATOR_EMIT_XML_H */
