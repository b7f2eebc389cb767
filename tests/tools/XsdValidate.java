import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * Validates XML files against one XSD with the JDK's own validator (Xerces), run as a single source
 * file: `java tests/tools/XsdValidate.java SCHEMA.xsd FILE...`. Only local files are read (no
 * schema is fetched from the network). Prints one line per problem, "FILE:LINE:COLUMN: message",
 * and exits 1 when there is any, 2 when the schema itself cannot be compiled.
 */
public class XsdValidate {
  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: java XsdValidate.java SCHEMA.xsd FILE...");
      System.exit(2);
    }
    SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "file");
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    Schema schema;
    try {
      schema = factory.newSchema(new File(args[0]));
    } catch (SAXParseException e) {
      System.err.println(args[0] + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": " + e.getMessage());
      System.exit(2);
      return;
    }
    int problems = 0;
    for (int i = 1; i < args.length; i++) {
      String file = args[i];
      List<String> found = new ArrayList<>();
      Validator validator = schema.newValidator();
      validator.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      validator.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      validator.setErrorHandler(new ErrorHandler() {
        public void warning(SAXParseException e) {}
        public void error(SAXParseException e) { found.add(describe(file, e)); }
        public void fatalError(SAXParseException e) { found.add(describe(file, e)); }
      });
      try {
        validator.validate(new StreamSource(new File(file)));
      } catch (SAXParseException e) {
        // Already reported through fatalError.
      }
      for (String line : found) System.out.println(line);
      problems += found.size();
    }
    System.exit(problems == 0 ? 0 : 1);
  }

  private static String describe(String file, SAXParseException e) {
    return file + ":" + e.getLineNumber() + ":" + e.getColumnNumber() + ": " + e.getMessage();
  }
}
